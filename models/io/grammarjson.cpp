#include "io/grammarjson.h"

#include "generation/generationstore.h"
#include "generation/sqltemplate.h"
#include "io/filereader.h"
#include "project/database.h"

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
    }
}

Status writeJson(const QString &path, const nlohmann::json &j)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    f.write(QByteArray::fromStdString(j.dump(2)));
    f.write("\n");
    if (!f.commit())
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return {};
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

nlohmann::json GrammarJson::sqlTemplates(const GenerationStore &store)
{
    nlohmann::json j = nlohmann::json::object();
    for (const SqlTemplateRecord &r : store.sqlTemplates())
        if (r.state == QLatin1String("accepted"))
            j[SqlTemplate(r.sql).tablesKey().toStdString()].push_back(r.sql.toStdString());
    return j;
}

nlohmann::json GrammarJson::textTemplates(const GenerationStore &store, const QString &form)
{
    nlohmann::json j = nlohmann::json::object();
    QHash<qint64, QString> sqlOf;
    for (const SqlTemplateRecord &r : store.sqlTemplates())
        if (r.state == QLatin1String("accepted"))
            sqlOf.insert(r.id, r.sql);
    for (const TextTemplateRecord &t : store.textTemplates())
        if (t.form == form && t.state == QLatin1String("accepted") && sqlOf.contains(t.sqlTemplateId))
            j[sqlOf[t.sqlTemplateId].toStdString()].push_back(t.text.toStdString());
    return j;
}

nlohmann::json GrammarJson::queryAnswers(GenerationStore &store, const QString &form)
{
    nlohmann::json out = nlohmann::json::array();
    auto s = store.database().prepare(QStringLiteral(
        "SELECT g.sql_template_id, g.id, g.answer, q.text FROM query q JOIN query_group g ON g.id = q.group_id "
        "JOIN text_template tt ON tt.id = q.text_template_id JOIN sql_template t ON t.id = g.sql_template_id "
        "WHERE tt.form = ? AND q.state = 'accepted' AND tt.state = 'accepted' AND t.state = 'accepted' "
        "ORDER BY g.sql_template_id, g.id, q.id"));
    s.value().bind(1, form);
    qint64 template_ = -1, group = -1;
    nlohmann::json perTemplate, entry;
    auto flushGroup = [&] {
        if (group >= 0)
            perTemplate.push_back(entry);
    };
    while (s.value().step() == Statement::Step::Row) {
        const qint64 t = s.value().integer(0), g = s.value().integer(1);
        if (g != group) {
            flushGroup();
            if (t != template_) {
                if (template_ >= 0)
                    out.push_back(perTemplate);
                perTemplate = nlohmann::json::array();
                template_ = t;
            }
            entry = nlohmann::json::array({s.value().text(2).toStdString(), nlohmann::json::array()});
            group = g;
        }
        entry[1].push_back(s.value().text(3).toStdString());
    }
    flushGroup();
    if (template_ >= 0)
        out.push_back(perTemplate);
    return out;
}

Status GrammarJson::writeGrammarFolder(GenerationStore &store, const QString &dirPath)
{
    QDir dir(dirPath);
    if (!QDir().mkpath(dir.absolutePath()))
        return Status::failure(QStringLiteral("%1: cannot create the folder").arg(dirPath));
    if (auto s = writeJson(dir.filePath(QStringLiteral("sql_templates.json")), sqlTemplates(store)); !s)
        return s;
    for (const QString &form : store.forms()) {
        if (auto s = writeJson(dir.filePath(QStringLiteral("text_templates_%1.json").arg(form)), textTemplates(store, form)); !s)
            return s;
        if (auto s = writeJson(dir.filePath(QStringLiteral("%1.json").arg(form)), queryAnswers(store, form)); !s)
            return s;
    }
    return {};
}

Result<qint64> GrammarJson::writeQueriesJsonl(GenerationStore &store, const QString &path)
{
    using R = Result<qint64>;
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return R::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    auto s = store.database().prepare(QStringLiteral(
        "SELECT q.id, g.id, tt.form, g.sql_template_id, tt.id, q.text, g.answer, g.doc_ids FROM query q "
        "JOIN query_group g ON g.id = q.group_id JOIN text_template tt ON tt.id = q.text_template_id "
        "JOIN sql_template t ON t.id = g.sql_template_id WHERE q.state = 'accepted' AND tt.state = 'accepted' "
        "AND t.state = 'accepted' ORDER BY q.id"));
    qint64 n = 0;
    while (s.value().step() == Statement::Step::Row) {
        const Statement &r = s.value();
        nlohmann::json line{{"id", r.integer(0)}, {"group", r.integer(1)}, {"form", r.text(2).toStdString()},
                            {"sql_template_id", r.integer(3)}, {"text_template_id", r.integer(4)},
                            {"text", r.text(5).toStdString()}, {"answer", r.text(6).toStdString()},
                            {"doc_ids", nlohmann::json::parse(r.text(7).toStdString(), nullptr, false)}};
        f.write(QByteArray::fromStdString(line.dump()));
        f.write("\n");
        ++n;
    }
    if (!f.commit())
        return R::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return n;
}

} // namespace assay
