#!/usr/bin/env python3
"""Writes v1.assay ... vN.assay: project files at each schema version, made from that
version's migrations (read from models/project/migrations.cpp and latermigrations.cpp) plus one representative row
in every table that exists at that version. Run once when a migration lands; the files are
committed and never regenerated for an old version (landed migrations are frozen), so
tst_migrations checks that a file made by an older Assay still opens with its content.
Usage: make_fixtures.py [VERSION ...]   (default: every version that has no file yet)"""
import os
import re
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = [os.path.join(HERE, "..", "..", "..", "models", "project", name) for name in ("migrations.cpp", "latermigrations.cpp")]
APPLICATION_ID = 0x41535359

# (version that created the table, statements): the rows each fixture holds.
ROWS = [
    (1, ["INSERT INTO project_meta VALUES ('name', 'Fixture project'), ('created_at', '2026-01-01T00:00:00Z'), ('created_with', 'fixture')"]),
    (2, ["INSERT INTO knowledge_source(id, kind, imported_from) VALUES (1, 'embedded', 'fixture.csv')",
         "INSERT INTO knowledge_table VALUES (1, 'city', 'Capitals', 0)",
         "INSERT INTO knowledge_column VALUES (1, 1, 'name', 'TEXT', 0, 'city name', 1, NULL, 1), (2, 1, 'country', 'TEXT', 1, '', 0, NULL, 1)",
         """INSERT INTO knowledge_row VALUES (1, 1, 1.0, '{"name": "Tallinn", "country": "Estonia"}')"""]),
    (3, ["INSERT INTO sql_template(id, sql, source, tables, fill_ins, singular_rate) VALUES (1, 'SELECT country FROM city WHERE name = ''[city.name]''', 'rules', 'city', 1, 1.0)",
         "INSERT INTO text_template(id, sql_template_id, form, text, source) VALUES (1, 1, 'short', 'country of [city.name]', 'offline')",
         """INSERT INTO query_group VALUES (1, 1, '["Tallinn"]', 'Estonia', 1, '["d1"]')""",
         "INSERT INTO query(id, group_id, text_template_id) VALUES (1, 1, 1)"]),
    (4, ["""INSERT INTO llm_cache VALUES ('key1', '/chat/completions', '{"model": "m"}', '{"choices": [{"message": {"content": "Estonia"}}]}', 7, 1, '2026-01-01T00:00:00Z')""",
         "INSERT INTO llm_call(id, profile, path, cached, status, latency_ms, attempts, at) VALUES (1, 'local', '/chat/completions', 0, 200, 12, 1, '2026-01-01T00:00:00Z')"]),
    (5, ["INSERT INTO document(id, doc_id, text) VALUES (1, 'd1', 'Tallinn is the capital of Estonia.')",
         "INSERT INTO chunk VALUES (1, 1, 0, 'Tallinn is the capital of Estonia.')"]),
    (6, ["INSERT INTO pipeline VALUES (1, 'retriever=bm25,k=1,reader=none', 'bm25', 1, 'none', '{}')",
         "INSERT INTO run(id, name, pipeline_id, status, created_at) VALUES (1, 'r1', 1, 'done', '2026-01-01T00:00:00Z')",
         "INSERT INTO run_item(id, run_id, item_key, query, gold, status, answer) VALUES (1, 1, 'q1', 'country of Tallinn', 'Estonia', 'done', 'Estonia')"]),
    (7, ["INSERT INTO embedding VALUES ('m', 1, 2, x'0000803f00000000')",
         "INSERT INTO judgement(run_item_id, judge, aspect, verdict, score) VALUES (1, 'exact', 'answer', 1, 1.0)"]),
    (8, ["INSERT INTO exam(id, name, source, seed, created_at) VALUES (1, 'e1', 'queries', 7, '2026-01-01T00:00:00Z')",
         """INSERT INTO exam_item(id, exam_id, item_key, stem, options, answer) VALUES (1, 1, 'i1', 'country of Tallinn?', '["Estonia", "Latvia", "Finland", "Sweden"]', 0)""",
         "INSERT INTO exam_run(id, exam_id, taker, created_at) VALUES (1, 1, 'ir:bm25:1', '2026-01-01T00:00:00Z')",
         "INSERT INTO exam_answer(exam_run_id, exam_item_id, chosen, correct) VALUES (1, 1, 0, 1)"]),
    (9, ["INSERT INTO run_item(id, run_id, item_key, query, gold, status, error, error_class) "
         "VALUES (2, 1, 'q2', 'country of Riga', 'Latvia', 'error', 'timeout: no first byte within 25 s', 'timeout')"]),
    (10, ["INSERT INTO run_item(id, run_id, item_key, query, gold, status, answer, retrieved_text, gold_in_context, answer_f1) "
          "VALUES (3, 1, 'q3', 'country of Vilnius', 'Lithuania', 'done', 'Lithuania', 'Vilnius is the capital of Lithuania.', 1, 1.0)"]),
    (12, ["INSERT OR REPLACE INTO text_form(name, criteria, level) VALUES ('short', 'few words', 'KU')",
          "INSERT INTO run_item(id, run_id, item_key, query, gold, status, answer, level) "
          "VALUES (4, 1, 'q4', 'country of Oslo', 'Norway', 'done', 'Norway', 'KA')"]),
    (13, ["INSERT INTO exam_item(id, exam_id, item_key, stem, options, answer) VALUES (2, 1, 'i2', 'country of Riga?', '[\"Latvia\", \"Estonia\", \"Finland\", \"Sweden\"]', 0)",
          "INSERT INTO exam_answer(exam_run_id, exam_item_id, chosen, correct, reason) VALUES (1, 2, NULL, 0, 'no letter: Correct')"]),
    # A context of chunk 1 (format 1, varint 1, score 2.5 as float32) and a stored text.
    (14, ["INSERT INTO run_item(id, run_id, item_key, query, gold, status, answer, retrieved_ids, context) "
          "VALUES (5, 1, 'q5', 'capital of Estonia', 'Tallinn', 'done', '', '', x'010100002040')",
          "INSERT INTO context_text(id, hash, text) VALUES (1, 42, 'Riga is the capital of Latvia.')",
          "INSERT INTO run_item(id, run_id, item_key, query, gold, status, answer, retrieved_ids, context_text_id) "
          "VALUES (6, 1, 'q6', 'capital of Latvia', 'Riga', 'done', 'Riga', '[\"d2\"]', 1)",
          "INSERT INTO chunk_archive(id, doc_id, text) VALUES (9, 'd9', 'Oslo is the capital of Norway.')",
          # What migration 14's conversion makes of version 10's q3 (the script replays SQL only).
          "INSERT INTO context_text(id, hash, text) VALUES (2, 0, 'Vilnius is the capital of Lithuania.')",
          "UPDATE run_item SET context_text_id = 2 WHERE id = 3"]),
    (15, ["""INSERT INTO ground_link(id, sql_template_id, vals, doc_id, source, confidence, state) VALUES (1, 1, '["Tallinn"]', 'd5', 'auto', 0.8, 'accepted')""",
          """INSERT INTO ground_link(id, sql_template_id, vals, doc_id, source, confidence, state) VALUES (2, 1, '["Tallinn"]', 'd6', 'auto', 0.5, 'proposed')"""]),
    (16, ["INSERT INTO exam(id, name, source, seed, created_at, parent_id, short_method, short_seed) VALUES (2, 'e1-short', 'queries', 7, '2026-01-01T00:00:00Z', 1, 'anchors', 3)",
          """INSERT INTO exam_item(id, exam_id, item_key, stem, options, answer, weight) VALUES (3, 2, 'i1', 'country of Tallinn?', '["Estonia", "Latvia", "Finland", "Sweden"]', 0, 0.5)"""]),
    (17, ["INSERT INTO exam_run(id, exam_id, taker, created_at) VALUES (2, 1, 'ir:bm25:1 @adaptive', '2026-01-01T00:00:00Z')",
          "INSERT INTO exam_answer(exam_run_id, exam_item_id, chosen, correct, position) VALUES (2, 2, 0, 1, 0), (2, 1, 1, 0, 1)"]),
    (18, ["INSERT INTO value_alias(tbl, col, value, alias, source, reason) VALUES ('city', 'country', 'Estonia', 'Eesti', 'proposal', 'spelling')"]),
    (19, ["INSERT INTO llm_call(id, profile, path, cached, status, latency_ms, attempts, at, usage_reported) VALUES (2, 'local', '/chat/completions', 0, 200, 9, 1, '2026-01-01T00:00:00Z', 0)"]),
    (20, ["INSERT INTO document_key(tbl, col, match) VALUES ('city', 'name', 'name')",
          """INSERT INTO key_truth(sql_template_id, vals, doc_id, tbl) VALUES (1, '["Tallinn"]', 'd7', 'city')"""]),
    (21, ["""INSERT INTO ground_link(id, sql_template_id, vals, doc_id, source, confidence, state, evidence, checked, estimate) VALUES (3, 1, '["Tallinn"]', 'd8', 'auto', 0.4, 'rejected', '', 'wrong', '')""",
          """INSERT INTO ground_link(id, sql_template_id, vals, doc_id, source, confidence, state, evidence, checked, estimate) VALUES (4, 1, '["Tallinn"]', 'd9', 'auto', 0.4, 'accepted', '', NULL, 'tier 0.40: 1 of 2 checked right')"""]),
    (22, ["INSERT INTO testset(id, name, kind, source, note, hash, items, created_at) VALUES (1, 'v1', 'queries', '', 'first', 'abc', 1, '2026-02-01T00:00:00Z')",
          "INSERT INTO testset_item(testset_id, identity, item_key, query, gold) VALUES (1, 'id1', 'q1', 'country of Tallinn', 'Estonia')",
          "INSERT INTO run(id, name, pipeline_id, status, created_at, testset_id) VALUES (2, 'r2', 1, 'done', '2026-02-01T00:00:00Z', 1)",
          "INSERT INTO baseline(testset_id, run_id, marked_at) VALUES (1, 2, '2026-02-01T00:00:00Z')",
          "INSERT INTO gate_result(run, baseline, metric, verdict, difference, low, high, created_at) VALUES ('r2', 'r1', 'accuracy', 'pass', 0.01, -0.01, 0.03, '2026-02-01T00:00:00Z')"]),
    (23, ["INSERT INTO exam_item_irt2(item_id, a1, a2, d) VALUES (1, 1.25, -0.5, 0.75)"]),
    (24, ["INSERT INTO gate_result(id, run, baseline, metric, verdict, report, created_at) VALUES (9, 'r3', 'r1', 'accuracy', 'error', '{}', '2026-03-01T00:00:00Z')",
          "UPDATE run_item SET usage_unknown = 1 WHERE id = 1"]),
    (25, ["INSERT INTO claim_check(run_item_id, checker, has_response, response_claims, answer_claims, chunk_count, chunks, response_by_answer, "
          "answer_by_response, response_by_chunk, answer_by_chunk) VALUES (1, 'imported', 1, '[\"Estonia\"]', '[[\"Tallinn\", \"country\", \"Estonia\"]]', 1, "
          "'[{\"doc_id\": \"d1\", \"text\": \"Tallinn is the capital of Estonia.\"}]', 'E', 'E', 'E', '?')"]),
    (26, ["INSERT INTO metric_value(run_item_id, metric, variant, state, value) VALUES (1, 'faithfulness', 'offline', 0, 0.75)",
          "INSERT INTO metric_value(run_item_id, metric, variant, state, value) VALUES (2, 'faithfulness', 'offline', 3, NULL)"]),
]


def migrations():
    # A migration's SQL, and its sqlAfter when it has one (what runs after its C++ conversion:
    # the fixture's rows are written for the schema as it is once the migration is done).
    text = "\n".join(open(source, encoding="utf-8").read() for source in SOURCES)
    steps = {}
    for m in re.finditer(r'\{(\d+), QStringLiteral\("([^"]*)"\), QStringLiteral\(R"sql\((.*?)\)sql"\)([,}])', text, re.S):
        sql = m.group(3)
        if m.group(4) == ",":
            rest = text[m.end():]
            end = rest.find("\n        {")
            after = re.search(r'QStringLiteral\(R"sql\((.*?)\)sql"\)', rest[:end if end >= 0 else len(rest)], re.S)
            if after:
                sql += after.group(1)
        steps[int(m.group(1))] = sql
    return steps


def make(version, steps):
    path = os.path.join(HERE, f"v{version}.assay")
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    # Each version's rows right after its schema step: a later step may drop a column an
    # earlier version's rows fill.
    for v in range(1, version + 1):
        db.executescript(steps[v])
        for row_version, statements in ROWS:
            if row_version == v:
                for s in statements:
                    db.execute(s)
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.execute("VACUUM")
    db.close()
    print(f"wrote {path}")


def main():
    steps = migrations()
    wanted = [int(a) for a in sys.argv[1:]] or [v for v in sorted(steps) if not os.path.exists(os.path.join(HERE, f"v{v}.assay"))]
    for v in wanted:
        if v not in steps:
            sys.exit(f"no migration {v} in {SOURCES}")
        make(v, steps)


if __name__ == "__main__":
    main()
