#include "exams/examtaker.h"

#include <QRegularExpression>

#include "exams/takerregistry.h"
#include "generation/promptlibrary.h"

namespace assay {

namespace {
const char *TakerLetters = "ABCD";

} // namespace

Result<QVector<ExamAnswer>> ExamTaker::answersFrom(const QVector<ExamItem> &items, const QVector<QVector<double>> &scores, double latencyMs)
{
    QVector<ExamAnswer> out;
    for (int i = 0; i < items.size(); ++i) {
        ExamAnswer a;
        a.itemId = items[i].id;
        a.scores = scores[i];
        a.chosen = ExamTaker::best(scores[i]);
        a.correct = a.chosen == items[i].answer;
        a.latencyMs = latencyMs;
        out << a;
    }
    return out;
}

int ExamTaker::best(const QVector<double> &scores)
{
    int best = 0;
    for (int i = 1; i < scores.size(); ++i)
        if (scores[i] > scores[best])
            best = i;
    return best;
}

int ExamTaker::letterOf(const QString &reply)
{
    // The whole reply is one letter: "B", "(B)", "B.", "B)", "[B]", "Answer: B", "The answer is (B)."
    static const QRegularExpression standalone(QStringLiteral(R"(^\s*(?:(?:the\s+)?(?:correct\s+)?answer\s*(?:is)?\s*[:\-]?\s*)?[\(\[]?([A-Da-d])[\)\]]?\s*[.:)]?\s*$)"),
                                               QRegularExpression::CaseInsensitiveOption);
    const auto m = standalone.match(reply);
    if (!m.hasMatch())
        return -1;
    const QChar letter = m.captured(1).at(0);
    // A bare lower-case "a" is the article, not option A: lower case only with a marker.
    const bool marked = reply.trimmed().size() > 1;
    if (letter.isLower() && !marked)
        return -1;
    return int(QStringLiteral("ABCD").indexOf(letter.toUpper()));
}

ExamTaker::Summary ExamTaker::summarize(const QVector<ExamAnswer> &answers)
{
    Summary s;
    s.items = int(answers.size());
    for (const ExamAnswer &a : answers) {
        if (a.chosen < 0) {
            ++s.unanswered;
            if (s.firstReason.isEmpty())
                s.firstReason = a.reason;
        } else {
            ++s.answered;
            s.correct += a.correct;
        }
        s.withoutLogprobs += a.withoutLogprobs;
    }
    return s;
}

QString ExamTaker::Summary::text(const QString &taker) const
{
    QString t = QStringLiteral("%1: %2 of %3 answered, %4 correct (%5% of the answered)")
                    .arg(taker)
                    .arg(answered)
                    .arg(items)
                    .arg(correct)
                    .arg(answered > 0 ? 100.0 * correct / answered : 0.0, 0, 'f', 1);
    if (unanswered > 0)
        t += QStringLiteral("; %1 unanswered (missing in the response matrix), e.g. %2").arg(unanswered).arg(firstReason);
    return t;
}

QString ExamTaker::Summary::warning(const QString &taker) const
{
    if (withoutLogprobs == 0)
        return {};
    return QStringLiteral("%1: the server returned no logprobs for %2 of %3 items; their letter was read from the reply, which counts only when it is a "
                          "standalone letter (B, (B), B., Answer: B)")
        .arg(taker)
        .arg(withoutLogprobs)
        .arg(items);
}

QString ExamTaker::letterPrompt(const QString &prompt, const ExamItem &item, const QString &context, const QVector<ExamItem> &examples)
{
    const auto options = [](const ExamItem &it) {
        QString o;
        for (int i = 0; i < it.options.size() && i < 4; ++i)
            o += QStringLiteral("%1. %2\n").arg(QLatin1Char(TakerLetters[i])).arg(it.options[i]);
        return o.trimmed();
    };
    QString shots;
    for (const ExamItem &e : examples)
        shots += QStringLiteral("\nQuestion: %1\n%2\nAnswer: %3\n").arg(e.stem, options(e)).arg(QLatin1Char(TakerLetters[e.answer]));
    return PromptLibrary::fill(prompt, {{QStringLiteral("context"), context.isEmpty() ? QString() : QStringLiteral("\nContext:\n%1\n").arg(context)},
                                        {QStringLiteral("examples"), shots},
                                        {QStringLiteral("question"), item.stem},
                                        {QStringLiteral("options"), options(item)}});
}

Result<QVector<ExamAnswer>> ExamTaker::take(Database &db, const QVector<ExamItem> &items, const Spec &spec, Job *job)
{
    const TakerKind *kind = spec.entry();
    if (!kind || !kind->take)
        return Result<QVector<ExamAnswer>>::failure(QStringLiteral("unknown taker '%1' (%2)").arg(spec.text, TakerRegistry::instance().synopses().join(QStringLiteral(", "))));
    return kind->take(db, items, spec, job);
}

} // namespace assay
