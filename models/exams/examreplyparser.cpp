#include "exams/examreplyparser.h"

#include "llm/jsonextractor.h"

#include <QRegularExpression>

namespace assay {

namespace {

int answerIndex(const nlohmann::json &answer, const QStringList &options)
{
    if (answer.is_number_integer()) {
        const int i = answer.get<int>();
        return i >= 0 && i < 4 ? i : (i >= 1 && i <= 4 ? i - 1 : -1);
    }
    if (!answer.is_string())
        return -1;
    const QString a = QString::fromStdString(answer.get<std::string>()).trimmed();
    if (a.size() >= 1 && QStringLiteral("ABCD").contains(a.at(0).toUpper()) && (a.size() == 1 || !a.at(1).isLetter()))
        return int(QStringLiteral("ABCD").indexOf(a.at(0).toUpper()));
    return int(options.indexOf(a));
}

QVector<ExamItem> fromText(const QString &reply, int *unparsable)
{
    QVector<ExamItem> out;
    static const QRegularExpression option(QStringLiteral("^\\s*\\(?([A-Da-d])[\\).:]\\s+(.+)$"));
    static const QRegularExpression answer(QStringLiteral("^\\s*(?:correct\\s+)?answer\\s*[:\\-]\\s*\\(?([A-Da-d])\\b"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression number(QStringLiteral("^\\s*(?:\\d+[.)]\\s*|Q(?:uestion)?\\s*\\d*\\s*[:.]\\s*)"), QRegularExpression::CaseInsensitiveOption);
    ExamItem current;
    const auto flush = [&] {
        if (current.stem.isEmpty() && current.options.isEmpty())
            return;
        if (current.options.size() == 4 && current.answer >= 0 && !current.stem.isEmpty())
            out << current;
        else if (unparsable)
            ++*unparsable;
        current = ExamItem{};
        current.answer = -1;
    };
    current.answer = -1;
    for (const QString &raw : reply.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.isEmpty())
            continue;
        if (const auto a = answer.match(line); a.hasMatch()) {
            current.answer = int(QStringLiteral("ABCD").indexOf(a.captured(1).toUpper()));
            flush();
        } else if (const auto o = option.match(line); o.hasMatch() && !current.stem.isEmpty()) {
            current.options << o.captured(2).trimmed();
        } else {
            if (!current.options.isEmpty())
                flush();
            QString stem = line;
            stem.remove(number);
            current.stem = current.stem.isEmpty() ? stem : current.stem + QLatin1Char(' ') + stem;
        }
    }
    flush();
    return out;
}

} // namespace

QVector<ExamItem> ExamReplyParser::parse(const QString &reply, int *unparsable)
{
    auto json = JsonExtractor::extract(reply);
    if (json && (json.value().is_array() || json.value().is_object())) {
        QVector<ExamItem> out;
        const nlohmann::json list = json.value().is_array() ? json.value() : nlohmann::json::array({json.value()});
        for (const auto &q : list) {
            if (!q.is_object() || !q.value("question", nlohmann::json()).is_string() || !q.value("options", nlohmann::json()).is_array()) {
                if (unparsable)
                    ++*unparsable;
                continue;
            }
            ExamItem item;
            item.stem = QString::fromStdString(q["question"].get<std::string>()).trimmed();
            for (const auto &o : q["options"])
                item.options << (o.is_string() ? QString::fromStdString(o.get<std::string>()).trimmed() : QString::fromStdString(o.dump()));
            // "A. text" options lose their letters.
            for (QString &o : item.options)
                o.remove(QRegularExpression(QStringLiteral("^\\(?[A-Da-d][\\).:]\\s+")));
            item.answer = answerIndex(q.value("answer", nlohmann::json()), item.options);
            if (item.options.size() != 4 || item.answer < 0 || item.stem.isEmpty()) {
                if (unparsable)
                    ++*unparsable;
                continue;
            }
            out << item;
        }
        return out;
    }
    return fromText(reply, unparsable);
}

} // namespace assay
