#include "runs/ragasfile.h"

#include "io/csvdocument.h"
#include "io/filereader.h"
#include "io/jsontext.h"
#include "runs/runcontexts.h"

#include <QHash>

#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

using json = nlohmann::json;

struct RagasProblem {
    QString message;
};

// The first of `names` the record has, or empty (required: a problem naming the first).
template <typename Get>
QString ragasField(const Get &get, std::initializer_list<const char *> names, bool required)
{
    for (const char *n : names)
        if (auto v = get(n))
            return *v;
    if (required)
        throw RagasProblem{QStringLiteral("field '%1' is missing").arg(QLatin1String(*names.begin()))};
    return {};
}

ImportedRunItem ragasItem(const std::function<std::optional<QString>(const char *)> &get, const std::function<QStringList()> &contexts, qint64 line)
{
    ImportedRunItem r;
    r.key = ragasField(get, {"id", "query_id"}, false);
    if (r.key.isEmpty())
        r.key = QStringLiteral("l%1").arg(line);
    r.group = r.key;
    r.query = ragasField(get, {"user_input", "question"}, true);
    r.answer = ragasField(get, {"response", "answer"}, true);
    r.gold = ragasField(get, {"reference", "ground_truth"}, false);
    r.retrievedText = contexts().join(RunContexts::separator());
    return r;
}

Result<QVector<ImportedRunItem>> readRagasJsonl(const QByteArray &bytes, const QString &path)
{
    using R = Result<QVector<ImportedRunItem>>;
    QVector<ImportedRunItem> out;
    const QList<QByteArray> lines = bytes.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        try {
            const json o = json::parse(line.toStdString(), nullptr, false);
            if (o.is_discarded() || !o.is_object())
                throw RagasProblem{QStringLiteral("not a JSON object")};
            const auto get = [&](const char *name) -> std::optional<QString> {
                const auto it = o.find(name);
                if (it == o.end() || it->is_null())
                    return std::nullopt;
                return jsonText(*it);
            };
            const auto contexts = [&] {
                QStringList texts;
                const auto it = o.find("retrieved_contexts") != o.end() ? o.find("retrieved_contexts") : o.find("contexts");
                if (it == o.end() || it->is_null())
                    return texts;
                if (!it->is_array())
                    throw RagasProblem{QStringLiteral("field 'retrieved_contexts' is not a list of texts")};
                for (const json &c : *it) {
                    if (!c.is_string())
                        throw RagasProblem{QStringLiteral("field 'retrieved_contexts' holds something other than a text")};
                    texts << QString::fromStdString(c.get<std::string>());
                }
                return texts;
            };
            out << ragasItem(get, contexts, i + 1);
        } catch (const RagasProblem &p) {
            return R::failure(QStringLiteral("%1:%2: %3").arg(path).arg(i + 1).arg(p.message));
        }
    }
    return out;
}

Result<QVector<ImportedRunItem>> readRagasCsv(const QByteArray &bytes, const QString &path)
{
    using R = Result<QVector<ImportedRunItem>>;
    auto csv = CsvDocument::parse(bytes, path);
    if (!csv)
        return R::failure(csv);
    QHash<QString, int> column;
    for (int c = 0; c < csv.value().header().size(); ++c)
        column.insert(csv.value().header()[c].trimmed(), c);
    QVector<ImportedRunItem> out;
    for (const CsvDocument::Record &record : csv.value().records()) {
        try {
            const auto get = [&](const char *name) -> std::optional<QString> {
                const int c = column.value(QLatin1String(name), -1);
                if (c < 0 || c >= record.fields.size())
                    return std::nullopt;
                return record.fields[c];
            };
            const auto contexts = [&] {
                const int c = column.value(QStringLiteral("retrieved_contexts"), column.value(QStringLiteral("contexts"), -1));
                if (c < 0 || c >= record.fields.size() || record.fields[c].trimmed().isEmpty())
                    return QStringList();
                auto list = RagasFile::parseList(record.fields[c]);
                if (!list)
                    throw RagasProblem{QStringLiteral("field 'retrieved_contexts': %1").arg(list.error())};
                return list.value();
            };
            out << ragasItem(get, contexts, record.line);
        } catch (const RagasProblem &p) {
            return R::failure(QStringLiteral("%1:%2: %3").arg(path).arg(record.line).arg(p.message));
        }
    }
    return out;
}

} // namespace

Result<QStringList> RagasFile::parseList(const QString &text)
{
    using R = Result<QStringList>;
    const QString t = text.trimmed();
    if (!t.startsWith(QLatin1Char('[')) || !t.endsWith(QLatin1Char(']')))
        return R::failure(QStringLiteral("not a list ([...])"));
    const json asJson = json::parse(t.toStdString(), nullptr, false);
    if (asJson.is_array()) {
        QStringList out;
        for (const json &v : asJson) {
            if (!v.is_string())
                return R::failure(QStringLiteral("a list entry is not a text"));
            out << QString::fromStdString(v.get<std::string>());
        }
        return out;
    }
    // A Python literal: quoted texts (' or "), backslash escapes, separated by commas.
    QStringList out;
    int i = 1;
    const int end = int(t.size()) - 1;
    const auto skipSpace = [&] {
        while (i < end && t[i].isSpace())
            ++i;
    };
    skipSpace();
    while (i < end) {
        const QChar quote = t[i];
        if (quote != QLatin1Char('\'') && quote != QLatin1Char('"'))
            return R::failure(QStringLiteral("expected a quoted text at character %1").arg(i + 1));
        QString s;
        bool closed = false;
        for (++i; i < end; ++i) {
            const QChar c = t[i];
            if (c == QLatin1Char('\\') && i + 1 < end) {
                const QChar e = t[++i];
                s += e == QLatin1Char('n') ? QChar(QLatin1Char('\n')) : e == QLatin1Char('t') ? QChar(QLatin1Char('\t')) : e;
            } else if (c == quote) {
                closed = true;
                ++i;
                break;
            } else {
                s += c;
            }
        }
        if (!closed)
            return R::failure(QStringLiteral("a quoted text is not closed"));
        out << s;
        skipSpace();
        if (i < end) {
            if (t[i] != QLatin1Char(','))
                return R::failure(QStringLiteral("expected ',' at character %1").arg(i + 1));
            ++i;
            skipSpace();
        }
    }
    return out;
}

Result<QVector<ImportedRunItem>> RagasFile::read(const QString &path)
{
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return Result<QVector<ImportedRunItem>>::failure(bytes);
    return path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) ? readRagasCsv(bytes.value(), path) : readRagasJsonl(bytes.value(), path);
}

} // namespace assay
