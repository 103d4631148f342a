#include "project/migrations.h"

#include "project/contextmigration.h"
#include "project/database.h"
#include "project/latermigrations.h"

namespace assay {

const std::vector<Migration> &builtinMigrations()
{
    // Migrations 1–14: the first schema (knowledge, generation, corpus, runs, exams) and its
    // early changes, up to contexts stored as chunk references.
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
    };
    // The later migrations (15 on: grounding, versions, gates, claims) follow in their own file.
    static const std::vector<Migration> all = [] {
        std::vector<Migration> out = migrations;
        for (const Migration &m : laterMigrations())
            out.push_back(m);
        return out;
    }();
    return all;
}

} // namespace assay
