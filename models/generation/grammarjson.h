#pragma once
// GRAMMAR's JSON formats. SQL templates: {"('table',)": ["SELECT ...", ...], ...}. Text
// templates, one file per form: {"SELECT ...": ["text", ...], ...}. Query–answer export, one
// file per form: a list per SQL template of [answer, [text queries]] per semantic group.
// Plus Assay's JSONL export of text queries, one object per line.
#include "core/result.h"

#include <QPair>
#include <QStringList>
#include <QVector>

#include <nlohmann/json_fwd.hpp>

namespace assay {

class GenerationStore;

class GrammarJson {
public:
    using TextTemplates = QVector<QPair<QString, QStringList>>; // SQL → texts, file order

    static Result<QStringList> readSqlTemplates(const QString &path);
    static Result<TextTemplates> readTextTemplates(const QString &path);

    static Result<nlohmann::json> sqlTemplates(const GenerationStore &store);
    static Result<nlohmann::json> textTemplates(const GenerationStore &store, const QString &form);
    static Result<nlohmann::json> queryAnswers(GenerationStore &store, const QString &form);
    // Writes DIR/sql_templates.json, DIR/text_templates_<form>.json and DIR/<form>.json.
    static Status writeGrammarFolder(GenerationStore &store, const QString &dir);
    // One JSON object per accepted text query: id, group, form, sql_template_id,
    // text_template_id, text, answer, doc_ids.
    static Result<qint64> writeQueriesJsonl(GenerationStore &store, const QString &path);
};

} // namespace assay
