#include "analysis/garagedata.h"

#include "io/filereader.h"
#include "io/jsontext.h"

#include <QHash>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

using json = nlohmann::json;

QString passageText(const json &v)
{
    if (!v.is_object())
        return jsonText(v);
    for (const char *key : {"text", "content", "snippet", "passage"})
        if (v.contains(key))
            return jsonText(v[key]);
    return jsonText(v);
}

template <typename F>
Status eachLine(const QString &path, F &&f)
{
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return Status::failure(bytes.error());
    const QList<QByteArray> lines = bytes.value().split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].trimmed().isEmpty())
            continue;
        const json o = json::parse(lines[i].toStdString(), nullptr, false);
        if (o.is_discarded() || !o.is_object())
            return Status::failure(QStringLiteral("%1:%2: not a JSON object").arg(path).arg(i + 1));
        if (QString problem = f(o, i + 1); !problem.isEmpty())
            return Status::failure(QStringLiteral("%1:%2: %3").arg(path).arg(i + 1).arg(problem));
    }
    return {};
}

} // namespace

bool GarageQuestion::hasRelevant() const
{
    for (const GaragePassage &p : passages)
        if (p.relevant)
            return true;
    return false;
}

Result<QVector<GarageQuestion>> GarageData::readBenchmark(const QString &path)
{
    using R = Result<QVector<GarageQuestion>>;
    static const QRegularExpression citeKey(QStringLiteral("^cite_\\d+$"));
    static const QStringList known{QStringLiteral("id"), QStringLiteral("question"), QStringLiteral("answer_generate"), QStringLiteral("grounding"),
                                   QStringLiteral("evidence_relevant"), QStringLiteral("labels")};
    QVector<GarageQuestion> out;
    const Status read = eachLine(path, [&](const json &o, int line) -> QString {
        GarageQuestion q;
        q.line = line;
        if (!o.contains("question"))
            return QStringLiteral("field 'question' is missing");
        q.question = jsonText(o["question"]);
        q.id = o.contains("id") ? jsonText(o["id"]) : QString();
        q.reference = o.contains("answer_generate") ? jsonText(o["answer_generate"]) : QString();
        const json grounding = o.value("grounding", json::array());
        if (!grounding.is_array())
            return QStringLiteral("field 'grounding' must be a list of passages");
        for (size_t i = 0; i < grounding.size(); ++i) {
            const json &g = grounding[i];
            GaragePassage p;
            p.key = QStringLiteral("cite_%1").arg(i + 1);
            json body = g;
            if (g.is_object()) {
                for (auto it = g.begin(); it != g.end(); ++it)
                    if (citeKey.match(QString::fromStdString(it.key())).hasMatch()) {
                        p.key = QString::fromStdString(it.key());
                        body = it.value();
                    }
                for (const char *key : {"key", "cite", "citation"})
                    if (g.contains(key) && g[key].is_string())
                        p.key = jsonText(g[key]);
            }
            p.text = passageText(body);
            p.provider = body.is_object() && body.contains("provider") ? jsonText(body["provider"]) : g.is_object() && g.contains("provider") ? jsonText(g["provider"]) : QString();
            q.passages << p;
        }
        const json relevant = o.value("evidence_relevant", json::array());
        if (!relevant.is_array() || relevant.size() != grounding.size())
            return QStringLiteral("field 'evidence_relevant' must list YES/NO for each of the %1 grounding passages").arg(grounding.size());
        for (size_t i = 0; i < relevant.size(); ++i) {
            const QString v = jsonText(relevant[i]).trimmed().toUpper();
            if (v != QLatin1String("YES") && v != QLatin1String("NO"))
                return QStringLiteral("evidence_relevant[%1] is '%2', not YES or NO").arg(i).arg(jsonText(relevant[i]));
            q.passages[qsizetype(i)].relevant = v == QLatin1String("YES");
        }
        if (o.contains("labels") && o["labels"].is_object())
            for (auto it = o["labels"].begin(); it != o["labels"].end(); ++it)
                q.labels.insert(QString::fromStdString(it.key()), jsonText(it.value()));
        for (auto it = o.begin(); it != o.end(); ++it)
            if (!known.contains(QString::fromStdString(it.key())) && (it.value().is_string() || it.value().is_boolean() || it.value().is_number()))
                q.labels.insert(QString::fromStdString(it.key()), jsonText(it.value()));
        out << q;
        return {};
    });
    if (!read)
        return R::failure(read.error());
    if (out.isEmpty())
        return R::failure(QStringLiteral("%1: no questions").arg(path));
    return out;
}

Status GarageData::pair(QVector<GarageQuestion> &questions, const QString &responsesPath)
{
    struct Response {
        QString id;
        QString text;
        int line;
    };
    QVector<Response> responses;
    const Status read = eachLine(responsesPath, [&](const json &o, int line) -> QString {
        const char *field = o.contains("response") ? "response" : o.contains("answer") ? "answer" : o.contains("text") ? "text" : nullptr;
        if (!field)
            return QStringLiteral("field 'response' is missing");
        responses.append({o.contains("id") ? jsonText(o["id"]) : QString(), jsonText(o[field]), line});
        return {};
    });
    if (!read)
        return read;
    bool byId = !responses.isEmpty();
    for (const Response &r : std::as_const(responses))
        byId = byId && !r.id.isEmpty();
    for (const GarageQuestion &q : std::as_const(questions))
        byId = byId && !q.id.isEmpty();
    if (byId) {
        QHash<QString, int> index;
        for (int i = 0; i < responses.size(); ++i) {
            if (index.contains(responses[i].id))
                return Status::failure(QStringLiteral("%1:%2: a second response for id '%3'").arg(responsesPath).arg(responses[i].line).arg(responses[i].id));
            index.insert(responses[i].id, i);
        }
        for (GarageQuestion &q : questions) {
            if (!index.contains(q.id))
                return Status::failure(QStringLiteral("%1: no response for question id '%2'").arg(responsesPath, q.id));
            q.response = responses[index.value(q.id)].text;
        }
        return {};
    }
    if (responses.size() != questions.size())
        return Status::failure(QStringLiteral("%1: %2 responses for %3 questions (without ids they pair by line order)")
                                   .arg(responsesPath).arg(responses.size()).arg(questions.size()));
    for (int i = 0; i < questions.size(); ++i)
        questions[i].response = responses[i].text;
    return {};
}

} // namespace assay
