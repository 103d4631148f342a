#include "generation/grammarjson.h"

#include "generation/generationstore.h"
#include "generation/queryrenderer.h"
#include "generation/sqltemplate.h"
#include "io/filereader.h"
#include "project/database.h"
#include "io/filewriter.h"
#include "project/heldfiles.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

#include <nlohmann/json.hpp>

namespace assay {

namespace {
// ordered_json keeps the file's key order, so templates arrive in the order their author wrote.
Result<nlohmann::ordered_json> parseObject(const QString &path)
{
    using R = Result<nlohmann::ordered_json>;
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return R::failure(bytes.error());
    try {
        auto j = nlohmann::ordered_json::parse(bytes.value().toStdString());
        if (!j.is_object())
            return R::failure(QStringLiteral("%1: expected a JSON object").arg(path));
        return j;
    } catch (const nlohmann::json::parse_error &e) {
        return R::failure(QStringLiteral("%1: not valid JSON at byte %2").arg(path).arg(e.byte));
    } catch (const nlohmann::json::exception &e) { // e.g. a number too large for any type (found by fuzzing)
        return R::failure(QStringLiteral("%1: not valid JSON: %2").arg(path, QString::fromUtf8(e.what())));
    }
}

Status writeJson(const QString &path, const nlohmann::json &j)
{
    return FileWriter::write(path, QByteArray::fromStdString(j.dump(2)) + '\n');
}
} // namespace

Result<QStringList> GrammarJson::readSqlTemplates(const QString &path)
{
    using R = Result<QStringList>;
    auto j = parseObject(path);
    if (!j)
        return R::failure(j.error());
    QStringList out;
    for (auto it = j.value().begin(); it != j.value().end(); ++it) {
        if (!it.value().is_array())
            return R::failure(QStringLiteral("%1: key %2: expected a list of SQL strings").arg(path, QString::fromStdString(it.key())));
        int i = 0;
        for (const auto &sql : it.value()) {
            if (!sql.is_string())
                return R::failure(QStringLiteral("%1: key %2, item %3: not a string").arg(path, QString::fromStdString(it.key())).arg(i));
            out << QString::fromStdString(sql.get<std::string>()).trimmed();
            ++i;
        }
    }
    return out;
}

Result<GrammarJson::TextTemplates> GrammarJson::readTextTemplates(const QString &path)
{
    using R = Result<TextTemplates>;
    auto j = parseObject(path);
    if (!j)
        return R::failure(j.error());
    TextTemplates out;
    for (auto it = j.value().begin(); it != j.value().end(); ++it) {
        const QString sql = QString::fromStdString(it.key()).trimmed();
        if (!it.value().is_array())
            return R::failure(QStringLiteral("%1: key %2: expected a list of text templates").arg(path, sql));
        QStringList texts;
        for (const auto &t : it.value()) {
            if (!t.is_string())
                return R::failure(QStringLiteral("%1: key %2: a text template is not a string").arg(path, sql));
            texts << QString::fromStdString(t.get<std::string>());
        }
        out.append({sql, texts});
    }
    return out;
}

Result<nlohmann::json> GrammarJson::sqlTemplates(const GenerationStore &store)
{
    nlohmann::json j = nlohmann::json::object();
    auto all = store.sqlTemplates();
    if (!all)
        return Result<nlohmann::json>::failure(all);
    for (const SqlTemplateRecord &r : all.value())
        if (r.state == CurationState::Accepted)
            j[SqlTemplate(r.sql).tablesKey().toStdString()].push_back(r.sql.toStdString());
    return j;
}

Result<nlohmann::json> GrammarJson::textTemplates(const GenerationStore &store, const QString &form)
{
    nlohmann::json j = nlohmann::json::object();
    QHash<qint64, QString> sqlOf;
    auto allSql = store.sqlTemplates();
    auto allText = store.textTemplates();
    if (!allSql || !allText)
        return !allSql ? Result<nlohmann::json>::failure(allSql) : Result<nlohmann::json>::failure(allText);
    for (const SqlTemplateRecord &r : allSql.value())
        if (r.state == CurationState::Accepted)
            sqlOf.insert(r.id, r.sql);
    for (const TextTemplateRecord &t : allText.value())
        if (t.form == form && t.state == CurationState::Accepted && sqlOf.contains(t.sqlTemplateId))
            j[sqlOf[t.sqlTemplateId].toStdString()].push_back(t.text.toStdString());
    return j;
}

Result<nlohmann::json> GrammarJson::queryAnswers(GenerationStore &store, const QString &form)
{
    nlohmann::json out = nlohmann::json::array();
    qint64 currentTemplate = -1, currentGroup = -1;
    const Status read = QueryRenderer(store.database()).forEach(
        [&](const RenderedQuery &q) {
            if (q.sqlTemplateId != currentTemplate) {
                out.push_back(nlohmann::json::array());
                currentTemplate = q.sqlTemplateId;
                currentGroup = -1;
            }
            if (q.groupId != currentGroup) {
                out.back().push_back(nlohmann::json::array({q.answer.toStdString(), nlohmann::json::array()}));
                currentGroup = q.groupId;
            }
            out.back().back()[1].push_back(q.text.toStdString());
            return true;
        },
        form, QueryRenderer::Order::ByGroup);
    if (!read)
        return Result<nlohmann::json>::failure(read);
    return out;
}

Status GrammarJson::writeGrammarFolder(GenerationStore &store, const QString &dirPath)
{
    QDir dir(dirPath);
    if (!QDir().mkpath(dir.absolutePath()))
        return Status::failure(QStringLiteral("%1: cannot create the folder").arg(dirPath));
    auto sql = sqlTemplates(store);
    auto forms = store.forms();
    if (!sql || !forms)
        return !sql ? Status::failure(sql) : Status::failure(forms);
    if (auto s = writeJson(dir.filePath(QStringLiteral("sql_templates.json")), sql.value()); !s)
        return s;
    for (const QString &form : forms.value()) {
        auto text = textTemplates(store, form);
        if (!text)
            return Status::failure(text);
        if (auto s = writeJson(dir.filePath(QStringLiteral("text_templates_%1.json").arg(form)), text.value()); !s)
            return s;
        auto answers = queryAnswers(store, form);
        if (!answers)
            return Status::failure(answers);
        if (auto s = writeJson(dir.filePath(QStringLiteral("%1.json").arg(form)), answers.value()); !s)
            return s;
    }
    return {};
}

Result<qint64> GrammarJson::writeQueriesJsonl(GenerationStore &store, const QString &path)
{
    using R = Result<qint64>;
    if (auto free = HeldFiles::checkFree(path); !free)
        return R::failure(free);
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return R::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    qint64 n = 0;
    const Status s = QueryRenderer(store.database()).forEach([&](const RenderedQuery &q) {
        const nlohmann::json line{{"id", q.id}, {"group", q.groupId}, {"form", q.form.toStdString()},
                                  {"sql_template_id", q.sqlTemplateId}, {"text_template_id", q.textTemplateId},
                                  {"text", q.text.toStdString()}, {"answer", q.answer.toStdString()},
                                  {"doc_ids", nlohmann::json::parse(q.documentIdsJson.toStdString(), nullptr, false)}};
        f.write(QByteArray::fromStdString(line.dump()));
        f.write("\n");
        ++n;
        return true;
    });
    if (!s)
        return R::failure(s.error());
    if (!f.commit())
        return R::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return n;
}

} // namespace assay
