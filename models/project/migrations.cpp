#include "project/migrations.h"

#include "project/contextmigration.h"
#include "project/database.h"

namespace assay {

const std::vector<Migration> &builtinMigrations()
{
    static const std::vector<Migration> migrations = {
        {1, QStringLiteral("project metadata"), QStringLiteral(R"sql(
CREATE TABLE project_meta (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;
)sql")},
        {2, QStringLiteral("knowledge schema"), QStringLiteral(R"sql(
-- Where the knowledge rows live: 'embedded' (knowledge_row) or 'linked' (the user's SQLite
-- file at path, opened read-only and never written).
CREATE TABLE knowledge_source (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    kind          TEXT NOT NULL CHECK (kind IN ('embedded', 'linked')),
    path          TEXT,
    imported_from TEXT NOT NULL DEFAULT '',
    imported_at   TEXT NOT NULL DEFAULT ''
);
CREATE TABLE knowledge_table (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    position    INTEGER NOT NULL
);
CREATE TABLE knowledge_column (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES knowledge_table(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    type        TEXT NOT NULL DEFAULT 'TEXT',
    position    INTEGER NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    is_pk       INTEGER NOT NULL DEFAULT 0,
    fk_column   INTEGER REFERENCES knowledge_column(id) ON DELETE SET NULL,
    meaningful  INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX knowledge_column_table ON knowledge_column(table_id, position);
CREATE INDEX knowledge_column_fk ON knowledge_column(fk_column);
-- Row values as a JSON object keyed by column id, so renaming or re-typing a column never
-- rewrites rows and a deleted column's values come back on undo.
CREATE TABLE knowledge_row (
    id       INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES knowledge_table(id) ON DELETE CASCADE,
    position REAL NOT NULL,
    vals     TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX knowledge_row_table ON knowledge_row(table_id, position);
)sql")},
        {3, QStringLiteral("grounded query generation"), QStringLiteral(R"sql(
-- GRAMMAR-Gen: SQL templates → text templates (per form) → semantic groups (template +
-- fill-in values, answered by SQL) → text queries. state: accepted items feed runs,
-- 'review' items were flagged (e.g. low singular-answer rate), rejected items are kept with
-- their reason but used nowhere.
CREATE TABLE sql_template (
    id            INTEGER PRIMARY KEY,
    sql           TEXT NOT NULL UNIQUE,
    source        TEXT NOT NULL CHECK (source IN ('rules', 'llm', 'import', 'user')),
    state         TEXT NOT NULL DEFAULT 'accepted' CHECK (state IN ('accepted', 'review', 'rejected')),
    reason        TEXT NOT NULL DEFAULT '',
    tables        TEXT NOT NULL DEFAULT '',
    fill_ins      INTEGER,
    singular_rate REAL
);
CREATE TABLE text_form (
    name     TEXT PRIMARY KEY NOT NULL,
    criteria TEXT NOT NULL DEFAULT ''
);
INSERT INTO text_form(name, criteria) VALUES
 ('short', 'Short and clear: fragmented phrases without articles or conjunctions that still convey the full meaning.'),
 ('long', 'Complete, complex sentences of at least 30 words with context and background information.');
CREATE TABLE text_template (
    id              INTEGER PRIMARY KEY,
    sql_template_id INTEGER NOT NULL REFERENCES sql_template(id) ON DELETE CASCADE,
    form            TEXT NOT NULL REFERENCES text_form(name) ON UPDATE CASCADE,
    text            TEXT NOT NULL,
    source          TEXT NOT NULL CHECK (source IN ('offline', 'llm', 'import', 'user')),
    state           TEXT NOT NULL DEFAULT 'accepted' CHECK (state IN ('accepted', 'review', 'rejected')),
    reason          TEXT NOT NULL DEFAULT '',
    UNIQUE (sql_template_id, form, text)
);
CREATE INDEX text_template_sql ON text_template(sql_template_id, form);
CREATE TABLE query_group (
    id              INTEGER PRIMARY KEY,
    sql_template_id INTEGER NOT NULL REFERENCES sql_template(id) ON DELETE CASCADE,
    vals            TEXT NOT NULL,
    answer          TEXT,
    row_count       INTEGER NOT NULL,
    doc_ids         TEXT NOT NULL DEFAULT '[]',
    UNIQUE (sql_template_id, vals)
);
-- A text query is its text template filled with its group's values; the text is derived
-- when read (TextPattern), so editing a text template re-derives its queries.
CREATE TABLE query (
    id               INTEGER PRIMARY KEY,
    group_id         INTEGER NOT NULL REFERENCES query_group(id) ON DELETE CASCADE,
    text_template_id INTEGER NOT NULL REFERENCES text_template(id) ON DELETE CASCADE,
    state            TEXT NOT NULL DEFAULT 'accepted' CHECK (state IN ('accepted', 'rejected'))
);
CREATE INDEX query_group_idx ON query(group_id);
CREATE INDEX query_text_template ON query(text_template_id);
)sql")},
        {4, QStringLiteral("LLM cache and call ledger"), QStringLiteral(R"sql(
-- Responses keyed by SHA-256 of the canonical request (base URL, path, body, sample index);
-- never an API key or a header.
CREATE TABLE llm_cache (
    key               TEXT PRIMARY KEY NOT NULL,
    path              TEXT NOT NULL,
    request           TEXT NOT NULL,
    response          TEXT NOT NULL,
    prompt_tokens     INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    created_at        TEXT NOT NULL
) WITHOUT ROWID;
-- One row per finished call (cached, succeeded or failed with its class), for accounting.
CREATE TABLE llm_call (
    id                INTEGER PRIMARY KEY,
    profile           TEXT NOT NULL,
    tag               TEXT NOT NULL DEFAULT '',
    path              TEXT NOT NULL,
    cached            INTEGER NOT NULL,
    status            INTEGER NOT NULL,
    error_class       TEXT NOT NULL DEFAULT '',
    error             TEXT NOT NULL DEFAULT '',
    latency_ms        INTEGER NOT NULL,
    attempts          INTEGER NOT NULL,
    prompt_tokens     INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    cost              REAL NOT NULL DEFAULT 0,
    at                TEXT NOT NULL
);
CREATE INDEX llm_call_tag ON llm_call(tag);
)sql")},
        {5, QStringLiteral("corpus"), QStringLiteral(R"sql(
-- The documents a RAG system retrieves from, cut into chunks; every chunk keeps its
-- document id. chunk_fts is an external-content FTS5 index over chunk.text for BM25.
CREATE TABLE document (
    id       INTEGER PRIMARY KEY,
    doc_id   TEXT NOT NULL UNIQUE,
    title    TEXT NOT NULL DEFAULT '',
    text     TEXT NOT NULL,
    metadata TEXT NOT NULL DEFAULT '{}',
    source   TEXT NOT NULL DEFAULT ''
);
CREATE TABLE chunk (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
    ordinal     INTEGER NOT NULL,
    text        TEXT NOT NULL,
    UNIQUE (document_id, ordinal)
);
-- Diacritics are kept so FTS5 and Assay's Tokenizer read the same tokens.
CREATE VIRTUAL TABLE chunk_fts USING fts5(text, content='chunk', content_rowid='id', tokenize='unicode61 remove_diacritics 0');
CREATE TRIGGER chunk_fts_insert AFTER INSERT ON chunk BEGIN
    INSERT INTO chunk_fts(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER chunk_fts_delete AFTER DELETE ON chunk BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
)sql")},
        {6, QStringLiteral("runs"), QStringLiteral(R"sql(
-- A pipeline is what answers (retriever, k, reader); a run is a pipeline over a query set.
-- A run copies its items when it is created, so rebuilding queries later never changes or
-- loses results; each item is updated as its result arrives, and a restarted run picks up
-- the items still pending.
CREATE TABLE pipeline (
    id        INTEGER PRIMARY KEY,
    spec      TEXT NOT NULL UNIQUE,
    retriever TEXT NOT NULL,
    k         INTEGER NOT NULL,
    reader    TEXT NOT NULL,
    options   TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE run (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    pipeline_id INTEGER REFERENCES pipeline(id),
    query_set   TEXT NOT NULL DEFAULT '',
    source      TEXT NOT NULL DEFAULT 'executed',
    status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'paused', 'done', 'failed')),
    created_at  TEXT NOT NULL,
    finished_at TEXT
);
CREATE TABLE run_item (
    id                INTEGER PRIMARY KEY,
    run_id            INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
    item_key          TEXT NOT NULL,
    query             TEXT NOT NULL,
    gold              TEXT NOT NULL DEFAULT '',
    form              TEXT NOT NULL DEFAULT '',
    sql_template_id   INTEGER,
    group_key         TEXT NOT NULL DEFAULT '',
    true_doc_ids      TEXT NOT NULL DEFAULT '[]',
    status            TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'error')),
    answer            TEXT NOT NULL DEFAULT '',
    retrieved_ids     TEXT NOT NULL DEFAULT '[]',
    retrieved_text    TEXT NOT NULL DEFAULT '',
    trace             TEXT NOT NULL DEFAULT '',
    halted            INTEGER NOT NULL DEFAULT 0,
    error             TEXT NOT NULL DEFAULT '',
    latency_ms        INTEGER NOT NULL DEFAULT 0,
    prompt_tokens     INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    cost              REAL NOT NULL DEFAULT 0,
    UNIQUE (run_id, item_key)
);
CREATE INDEX run_item_status ON run_item(run_id, status);
)sql")},
        {7, QStringLiteral("embeddings and judgements"), QStringLiteral(R"sql(
-- Chunk embeddings per embedding model ("base URL|model"): float32 little-endian, unit length.
CREATE TABLE embedding (
    model    TEXT NOT NULL,
    chunk_id INTEGER NOT NULL REFERENCES chunk(id) ON DELETE CASCADE,
    dims     INTEGER NOT NULL,
    vector   BLOB NOT NULL,
    PRIMARY KEY (model, chunk_id)
) WITHOUT ROWID;
-- Verdicts on run items: several judges may judge the same item, on its answer or on its
-- retrieval. verdict is 1 (correct), 0 (incorrect) or NULL (the judge's reply could not be
-- read); score carries a graded value (F1, reward) where the judge has one.
CREATE TABLE judgement (
    run_item_id INTEGER NOT NULL REFERENCES run_item(id) ON DELETE CASCADE,
    judge       TEXT NOT NULL,
    aspect      TEXT NOT NULL CHECK (aspect IN ('answer', 'retrieval')),
    verdict     INTEGER CHECK (verdict IN (0, 1)),
    score       REAL,
    detail      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (run_item_id, judge, aspect)
) WITHOUT ROWID;
CREATE INDEX judgement_judge ON judgement(judge, aspect);
)sql")},
        {8, QStringLiteral("exams"), QStringLiteral(R"sql(
-- Multiple-choice exams: items with four options (key = index of the correct one, after a
-- shuffle recorded by the exam's seed); filtered items keep their reason and stay out of
-- takes. Exam runs are students; their answers form the response matrix for IRT.
CREATE TABLE exam (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    source     TEXT NOT NULL CHECK (source IN ('queries', 'corpus')),
    seed       INTEGER NOT NULL,
    stats      TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
);
CREATE TABLE exam_item (
    id            INTEGER PRIMARY KEY,
    exam_id       INTEGER NOT NULL REFERENCES exam(id) ON DELETE CASCADE,
    item_key      TEXT NOT NULL,
    stem          TEXT NOT NULL,
    options       TEXT NOT NULL,
    answer        INTEGER NOT NULL CHECK (answer BETWEEN 0 AND 3),
    source_ref    TEXT NOT NULL DEFAULT '',
    source_docs   TEXT NOT NULL DEFAULT '[]',
    state         TEXT NOT NULL DEFAULT 'accepted' CHECK (state IN ('accepted', 'rejected')),
    filter_reason TEXT NOT NULL DEFAULT '',
    bloom         TEXT NOT NULL DEFAULT '[]',
    question_type TEXT NOT NULL DEFAULT '',
    irt_a REAL, irt_b REAL, irt_c REAL,
    UNIQUE (exam_id, item_key)
);
CREATE TABLE exam_run (
    id         INTEGER PRIMARY KEY,
    exam_id    INTEGER NOT NULL REFERENCES exam(id) ON DELETE CASCADE,
    taker      TEXT NOT NULL,
    factors    TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    UNIQUE (exam_id, taker)
);
CREATE TABLE exam_answer (
    exam_run_id  INTEGER NOT NULL REFERENCES exam_run(id) ON DELETE CASCADE,
    exam_item_id INTEGER NOT NULL REFERENCES exam_item(id) ON DELETE CASCADE,
    chosen       INTEGER,
    correct      INTEGER NOT NULL CHECK (correct IN (0, 1)),
    scores       TEXT NOT NULL DEFAULT '[]',
    latency_ms   REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (exam_run_id, exam_item_id)
) WITHOUT ROWID;
)sql")},
        {9, QStringLiteral("run item error classes"), QStringLiteral(R"sql(
-- Why an item failed, as a class (rate_limited, server, timeout, truncated, invalid_json,
-- connection, ...): counted per run and the selector of "retry the failed items".
ALTER TABLE run_item ADD COLUMN error_class TEXT NOT NULL DEFAULT '';
)sql")},
        {10, QStringLiteral("run item response facts"), QStringLiteral(R"sql(
-- What the response taxonomy reads from an item, computed once when its result is stored:
-- whether the gold answer appears in the retrieved context or trace (the scratchpad), and
-- the token F1 of the answer against the gold. NULL: stored before version 10, computed when
-- read.
ALTER TABLE run_item ADD COLUMN gold_in_context INTEGER CHECK (gold_in_context IN (0, 1));
ALTER TABLE run_item ADD COLUMN answer_f1 REAL;
)sql")},
        {11, QStringLiteral("query groups without the values uniqueness index"), QStringLiteral(R"sql(
-- A template's groups are written by its fill-in, distinct by construction (one per existing
-- value combination); the UNIQUE (sql_template_id, vals) index only checked that, and
-- maintaining it on text in random order was a third of the time a million-group template
-- takes to persist. The groups are read by template in id order: that is the index now.
-- query references query_group, so both are rebuilt (a plain DROP of query_group would
-- cascade to the queries); RENAME carries the reference over to the new query_group.
CREATE TABLE query_group_v11 (
    id              INTEGER PRIMARY KEY,
    sql_template_id INTEGER NOT NULL REFERENCES sql_template(id) ON DELETE CASCADE,
    vals            TEXT NOT NULL,
    answer          TEXT,
    row_count       INTEGER NOT NULL,
    doc_ids         TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO query_group_v11 SELECT id, sql_template_id, vals, answer, row_count, doc_ids FROM query_group;
CREATE TABLE query_v11 (
    id               INTEGER PRIMARY KEY,
    group_id         INTEGER NOT NULL REFERENCES query_group_v11(id) ON DELETE CASCADE,
    text_template_id INTEGER NOT NULL REFERENCES text_template(id) ON DELETE CASCADE,
    state            TEXT NOT NULL DEFAULT 'accepted' CHECK (state IN ('accepted', 'rejected'))
);
INSERT INTO query_v11 SELECT id, group_id, text_template_id, state FROM query;
DROP TABLE query;
DROP TABLE query_group;
ALTER TABLE query_group_v11 RENAME TO query_group;
ALTER TABLE query_v11 RENAME TO query;
CREATE INDEX query_group_template ON query_group(sql_template_id, id);
CREATE INDEX query_group_idx ON query(group_id);
CREATE INDEX query_text_template ON query(text_template_id);
)sql")},
        {12, QStringLiteral("task levels"), QStringLiteral(R"sql(
-- R-Eval's task levels (KS knowledge seeking, KU understanding, KA application, or the
-- user's own). A query set's level, when set, is every one of its items' level; when empty,
-- a GRAMMAR item's level comes from its SQL template (single-table lookups KS, joins and
-- aggregates KA). An imported item keeps the level its file gave (run_item.level); an
-- executed item's is empty and resolved when read, so a changed query-set level applies to
-- the runs already made.
ALTER TABLE text_form ADD COLUMN level TEXT NOT NULL DEFAULT '';
ALTER TABLE run_item ADD COLUMN level TEXT NOT NULL DEFAULT '';
)sql")},
        {13, QStringLiteral("unanswered exam items"), QStringLiteral(R"sql(
-- An exam answer with no option chosen (chosen NULL) is unanswered: a missing cell of the
-- response matrix, not a wrong answer. Its reason keeps what the student replied.
ALTER TABLE exam_answer ADD COLUMN reason TEXT NOT NULL DEFAULT '';
)sql")},
        {14, QStringLiteral("retrieved contexts as chunk references"), QStringLiteral(R"sql(
-- A retrieved context is stored as the corpus chunks it came from, in rank order with the
-- retriever's scores (run_item.context, see ContextBlob), not as a copy of their text: the
-- copies were four fifths of a project, and a 10^6-item run with k = 5 would have added
-- gigabytes. Text is kept only for contexts no chunk names (an external system's, an agent's
-- observations, an import's), once per distinct text; retrieved_ids stays for those and is ''
-- where the chunks name the documents.
CREATE TABLE context_text (
    id   INTEGER PRIMARY KEY,
    hash INTEGER NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX context_text_hash ON context_text(hash);
ALTER TABLE run_item ADD COLUMN context BLOB;
ALTER TABLE run_item ADD COLUMN context_text_id INTEGER REFERENCES context_text(id);
-- A chunk runs may name outlives its document's removal from the corpus: its text and
-- document id move here, and new chunks never take an id in use here (CorpusStore).
CREATE TABLE chunk_archive (
    id     INTEGER PRIMARY KEY,
    doc_id TEXT NOT NULL,
    text   TEXT NOT NULL
);
CREATE TRIGGER document_archive_chunks BEFORE DELETE ON document WHEN EXISTS (SELECT 1 FROM run) BEGIN
    INSERT OR IGNORE INTO chunk_archive(id, doc_id, text) SELECT id, old.doc_id, text FROM chunk WHERE document_id = old.id;
END;
)sql"),
         [](Database &db) -> Status {
             auto converted = ContextMigration::convert(db);
             return converted ? Status() : Status::failure(converted);
         },
         QStringLiteral(R"sql(
ALTER TABLE run_item DROP COLUMN retrieved_text;
-- No read goes by judge alone (every one goes by run item), and only pending or failed
-- items are looked up by status.
DROP INDEX judgement_judge;
DROP INDEX run_item_status;
CREATE INDEX run_item_unfinished ON run_item(run_id, status) WHERE status <> 'done';
)sql"),
         true},
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
    };
    return migrations;
}

} // namespace assay
