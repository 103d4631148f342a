#include "project/latermigrations.h"

namespace assay {

const std::vector<Migration> &laterMigrations()
{
    static const std::vector<Migration> migrations = {
        {15, QStringLiteral("ground-truth links"), QStringLiteral(R"sql(
-- Which document states a semantic group's fact, said by the user (a links file) or proposed
-- by the auto linker and reviewed (docs/methods.md, ground truth). A link names its group by
-- template and values, the group's identity across regenerations, so links outlive a refill.
CREATE TABLE ground_link (
    id              INTEGER PRIMARY KEY,
    sql_template_id INTEGER NOT NULL REFERENCES sql_template(id) ON DELETE CASCADE,
    vals            TEXT NOT NULL,
    doc_id          TEXT NOT NULL,
    source          TEXT NOT NULL CHECK (source IN ('file', 'auto')),
    confidence      REAL NOT NULL DEFAULT 1,
    state           TEXT NOT NULL DEFAULT 'accepted' CHECK (state IN ('proposed', 'accepted', 'rejected')),
    evidence        TEXT NOT NULL DEFAULT '',
    UNIQUE (sql_template_id, vals, doc_id)
);
-- A group's true documents: those its SQL projected (query_group.doc_ids) and its accepted links.
CREATE VIEW group_truth AS
SELECT g.id AS group_id,
       CASE WHEN EXISTS (SELECT 1 FROM ground_link l WHERE l.sql_template_id = g.sql_template_id AND l.vals = g.vals AND l.state = 'accepted')
            THEN (SELECT json_group_array(doc) FROM (SELECT d.value AS doc FROM json_each(g.doc_ids) d
                                                    UNION SELECT l.doc_id FROM ground_link l
                                                    WHERE l.sql_template_id = g.sql_template_id AND l.vals = g.vals AND l.state = 'accepted'))
            ELSE g.doc_ids END AS doc_ids
FROM query_group g;
)sql")},
        {16, QStringLiteral("short forms"), QStringLiteral(R"sql(
-- A short form is an exam made of some of another's items (docs/METHODS.md §9.15): it names
-- its parent, the method that chose the items and that method's seed; each item carries its
-- weight in the estimate (anchors: its cluster's share of the parent's items; else equal).
-- Deleting the parent deletes its short forms, whose estimates need its items.
ALTER TABLE exam ADD COLUMN parent_id INTEGER REFERENCES exam(id) ON DELETE CASCADE;
ALTER TABLE exam ADD COLUMN short_method TEXT NOT NULL DEFAULT '';
ALTER TABLE exam ADD COLUMN short_seed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE exam_item ADD COLUMN weight REAL NOT NULL DEFAULT 1;
)sql")},
        {17, QStringLiteral("answer order"), QStringLiteral(R"sql(
-- The order a take's answers were given in (0, 1, ...): an adaptive take chooses each item
-- from the answers before it, so its trace of θ̂ item by item is read back in this order
-- (docs/METHODS.md §9.15). Answers stored before this version have none.
ALTER TABLE exam_answer ADD COLUMN position INTEGER;
)sql")},
        {18, QStringLiteral("value aliases"), QStringLiteral(R"sql(
-- Other ways the documents write a knowledge value ("USA" written "United States"), per
-- column, said by the user or accepted from the absent-answer diagnostic (docs/METHODS.md
-- §1.6.2). The judges and the auto linker accept an alias wherever they accept the value.
CREATE TABLE value_alias (
    tbl    TEXT NOT NULL,
    col    TEXT NOT NULL,
    value  TEXT NOT NULL,
    alias  TEXT NOT NULL CHECK (length(trim(alias)) > 0),
    source TEXT NOT NULL DEFAULT 'user' CHECK (source IN ('user', 'proposal')),
    reason TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (tbl, col, value, alias)
);
)sql")},
        {19, QStringLiteral("token usage reported"), QStringLiteral(R"sql(
-- Whether the endpoint's reply carried token usage: a reply without it is stored with 0 tokens
-- and cost, which are then unknown, not zero (the usage summaries count such calls).
ALTER TABLE llm_call ADD COLUMN usage_reported INTEGER NOT NULL DEFAULT 1;
)sql")},
        {20, QStringLiteral("document keys"), QStringLiteral(R"sql(
-- A knowledge table whose rows are documents (docs/METHODS.md §1.6.3): by id (a document's id
-- is the row's value in the column) or by name (its title or first line names the value). Key
-- truth: the documents of the keyed rows each group's SQL touches, by template and values as
-- links are, so they outlive a regeneration; written whenever keys change.
CREATE TABLE document_key (
    tbl   TEXT PRIMARY KEY NOT NULL,
    col   TEXT NOT NULL,
    match TEXT NOT NULL CHECK (match IN ('id', 'name'))
);
CREATE TABLE key_truth (
    sql_template_id INTEGER NOT NULL REFERENCES sql_template(id) ON DELETE CASCADE,
    vals            TEXT NOT NULL,
    doc_id          TEXT NOT NULL,
    tbl             TEXT NOT NULL,
    PRIMARY KEY (sql_template_id, vals, doc_id)
);
-- A group's true documents: those its SQL projected, its accepted links and its key truth.
DROP VIEW group_truth;
CREATE VIEW group_truth AS
SELECT g.id AS group_id,
       CASE WHEN EXISTS (SELECT 1 FROM ground_link l WHERE l.sql_template_id = g.sql_template_id AND l.vals = g.vals AND l.state = 'accepted')
              OR EXISTS (SELECT 1 FROM key_truth k WHERE k.sql_template_id = g.sql_template_id AND k.vals = g.vals)
            THEN (SELECT json_group_array(doc) FROM (SELECT d.value AS doc FROM json_each(g.doc_ids) d
                                                    UNION SELECT l.doc_id FROM ground_link l
                                                    WHERE l.sql_template_id = g.sql_template_id AND l.vals = g.vals AND l.state = 'accepted'
                                                    UNION SELECT k.doc_id FROM key_truth k
                                                    WHERE k.sql_template_id = g.sql_template_id AND k.vals = g.vals))
            ELSE g.doc_ids END AS doc_ids
FROM query_group g;
)sql")},
        {21, QStringLiteral("spot-checked links"), QStringLiteral(R"sql(
-- A proposed link a person checked in a spot check of its evidence tier (docs/METHODS.md
-- §1.6.4): right (then accepted) or wrong (then rejected); NULL when nobody checked it. A link
-- accepted with its whole tier records the tier's estimate from the check.
ALTER TABLE ground_link ADD COLUMN checked TEXT CHECK (checked IN ('right', 'wrong'));
ALTER TABLE ground_link ADD COLUMN estimate TEXT NOT NULL DEFAULT '';
)sql")},
        {22, QStringLiteral("test-set versions and baselines"), QStringLiteral(R"sql(
-- A frozen test-set version (docs/METHODS.md §11.2): a copy of a query set's accepted queries
-- (kind 'queries', source = the form, '' for every form) or of an exam's accepted items (kind
-- 'exam', source = the exam), with a content hash, a time and a note. Later generation and
-- curation change only the working set; the triggers keep a version as frozen (never
-- changed, never deleted: runs and baselines name it). An item's
-- identity is a hash of its SQL template, fill-in values, form and text (an exam item's: of its
-- stem and options); the same identity with another gold answer is a changed item.
CREATE TABLE testset (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    kind       TEXT NOT NULL CHECK (kind IN ('queries', 'exam')),
    source     TEXT NOT NULL DEFAULT '',
    note       TEXT NOT NULL DEFAULT '',
    hash       TEXT NOT NULL,
    items      INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE testset_item (
    testset_id      INTEGER NOT NULL REFERENCES testset(id) ON DELETE CASCADE,
    identity        TEXT NOT NULL,
    item_key        TEXT NOT NULL,
    query           TEXT NOT NULL,
    gold            TEXT NOT NULL DEFAULT '',
    form            TEXT NOT NULL DEFAULT '',
    sql_template_id INTEGER,
    sql             TEXT NOT NULL DEFAULT '',
    vals            TEXT NOT NULL DEFAULT '',
    group_key       TEXT NOT NULL DEFAULT '',
    true_doc_ids    TEXT NOT NULL DEFAULT '[]',
    UNIQUE (testset_id, identity)
);
CREATE TRIGGER testset_frozen BEFORE UPDATE ON testset
BEGIN SELECT RAISE(ABORT, 'a frozen test-set version cannot be changed'); END;
CREATE TRIGGER testset_item_frozen BEFORE UPDATE ON testset_item
BEGIN SELECT RAISE(ABORT, 'a frozen test-set version cannot be changed'); END;
CREATE TRIGGER testset_kept BEFORE DELETE ON testset
BEGIN SELECT RAISE(ABORT, 'a frozen test-set version cannot be deleted'); END;
CREATE TRIGGER testset_item_kept BEFORE DELETE ON testset_item
BEGIN SELECT RAISE(ABORT, 'a frozen test-set version cannot lose items'); END;
-- The version a run ran on (NULL: the working set, when no version holds the same items), and
-- each item's identity, which pairs items across runs and versions ('' before version 22).
ALTER TABLE run ADD COLUMN testset_id INTEGER REFERENCES testset(id);
ALTER TABLE run_item ADD COLUMN identity TEXT NOT NULL DEFAULT '';
-- The baseline run of each version (testset_id 0: the working set), what gates compare to.
CREATE TABLE baseline (
    testset_id INTEGER PRIMARY KEY NOT NULL,
    run_id     INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
    marked_at  TEXT NOT NULL
);
-- Every gate computed (CLI or GUI), newest last: what the Overview's latest verdict reads.
-- The baseline is a run's name or a baseline file's; report is the gate's JSON.
CREATE TABLE gate_result (
    id         INTEGER PRIMARY KEY,
    run        TEXT NOT NULL,
    baseline   TEXT NOT NULL,
    metric     TEXT NOT NULL,
    verdict    TEXT NOT NULL CHECK (verdict IN ('pass', 'improvement', 'regression', 'inconclusive')),
    difference REAL,
    low        REAL,
    high       REAL,
    report     TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
);
)sql")},
        {23, QStringLiteral("the two-dimensional IRT model's item parameters"), QStringLiteral(R"sql(
-- A fit that compared two abilities keeps the 2-D 2PL's parameters of each item, on its
-- principal axes (docs/METHODS.md §9.18): P = σ(a1·θ1 + a2·θ2 + d). They are replaced with the
-- item's a, b, c by every fit, and removed by one that did not compare two abilities.
CREATE TABLE exam_item_irt2 (
    item_id INTEGER PRIMARY KEY REFERENCES exam_item(id) ON DELETE CASCADE,
    a1      REAL NOT NULL,
    a2      REAL NOT NULL,
    d       REAL NOT NULL
);
)sql")},
        {24, QStringLiteral("gates that could not evaluate; items whose model reported no token usage"), QStringLiteral(R"sql(
-- A gate whose shared items failed or stayed unread beyond its bound records the verdict
-- 'error' (docs/llm-faults.md). SQLite cannot change a CHECK in place: the table is rebuilt.
CREATE TABLE gate_result_new (
    id         INTEGER PRIMARY KEY,
    run        TEXT NOT NULL,
    baseline   TEXT NOT NULL,
    metric     TEXT NOT NULL,
    verdict    TEXT NOT NULL CHECK (verdict IN ('pass', 'improvement', 'regression', 'inconclusive', 'error')),
    difference REAL,
    low        REAL,
    high       REAL,
    report     TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
);
INSERT INTO gate_result_new SELECT id, run, baseline, metric, verdict, difference, low, high, report, created_at FROM gate_result;
DROP TABLE gate_result;
ALTER TABLE gate_result_new RENAME TO gate_result;
-- 1: the model's reply carried no token usage, so the item's tokens and cost are unknown.
ALTER TABLE run_item ADD COLUMN usage_unknown INTEGER NOT NULL DEFAULT 0;
)sql")},
        {25, QStringLiteral("claims and their checks"), QStringLiteral(R"sql(
-- A run item's claims and their checks (docs/METHODS.md §12), one row per item and checker
-- ('imported', 'offline' or 'llm:PROFILE'). The claims are JSON lists of each claim as its
-- maker wrote it (a sentence, or a subject–relation–object triplet); chunks is the JSON list
-- of {doc_id, text} the claims were checked against, or NULL when they are the item's stored
-- retrieved context. The four checks are strings of one letter a check — E (entailment),
-- N (neutral), C (contradiction), ? (unreadable: unknown, never neutral) —, the per-chunk
-- ones row by row (one row per claim, one letter per chunk). has_response is 0 for an item
-- that has no response to check (a retrieval-only run): its response metrics do not apply.
CREATE TABLE claim_check (
    run_item_id        INTEGER NOT NULL REFERENCES run_item(id) ON DELETE CASCADE,
    checker            TEXT NOT NULL,
    has_response       INTEGER NOT NULL DEFAULT 1 CHECK (has_response IN (0, 1)),
    response_claims    TEXT NOT NULL DEFAULT '[]',
    answer_claims      TEXT NOT NULL DEFAULT '[]',
    chunk_count        INTEGER NOT NULL CHECK (chunk_count >= 0),
    chunks             TEXT,
    response_by_answer TEXT NOT NULL DEFAULT '',
    answer_by_response TEXT NOT NULL DEFAULT '',
    response_by_chunk  TEXT NOT NULL DEFAULT '',
    answer_by_chunk    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (run_item_id, checker)
) WITHOUT ROWID;
)sql")},
        {26, QStringLiteral("per-item metric values"), QStringLiteral(R"sql(
-- A registered metric's value on each item of a run (docs/METHODS.md §13), as a gate or an
-- analysis kept it: the evidence a verdict rests on, readable by any SQLite client. variant
-- names what the values depend on beyond the run (the answer judge, the claim checker; ''
-- when nothing). state: 0 known (value set), 1 unknown (a verdict or check that could not be
-- read, an item left out), 2 does not apply (a generator metric on a retrieval-only run),
-- 3 the item failed; value is NULL unless the state is 0.
CREATE TABLE metric_value (
    run_item_id INTEGER NOT NULL REFERENCES run_item(id) ON DELETE CASCADE,
    metric      TEXT NOT NULL,
    variant     TEXT NOT NULL DEFAULT '',
    state       INTEGER NOT NULL CHECK (state BETWEEN 0 AND 3),
    value       REAL CHECK ((state = 0) = (value IS NOT NULL)),
    PRIMARY KEY (run_item_id, metric, variant)
) WITHOUT ROWID;
)sql")},
    };
    return migrations;
}

} // namespace assay
