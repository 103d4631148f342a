#include "exams/examclassifier.h"

#include "generation/promptlibrary.h"

#include <QRegularExpression>

namespace assay {

QMap<QString, QStringList> ExamClassifier::parseKeywords(const QString &text)
{
    QMap<QString, QStringList> out;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QString l = line.trimmed();
        if (l.isEmpty() || l.startsWith(QLatin1Char('#')) || !l.contains(QLatin1Char(':')))
            continue;
        QStringList words;
        for (const QString &w : l.section(QLatin1Char(':'), 1).split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!w.trimmed().isEmpty())
                words << w.trimmed().toLower();
        out.insert(l.section(QLatin1Char(':'), 0, 0).trimmed(), words);
    }
    return out;
}

Result<QMap<QString, QStringList>> ExamClassifier::bloomKeywords()
{
    auto text = PromptLibrary::load(QStringLiteral("bloom_keywords"));
    if (!text)
        return Result<QMap<QString, QStringList>>::failure(text.error());
    return parseKeywords(text.value());
}

QStringList ExamClassifier::bloom(const QString &stem, const QMap<QString, QStringList> &keywords)
{
    const QString s = stem.toLower();
    QStringList levels;
    for (auto it = keywords.begin(); it != keywords.end(); ++it)
        for (const QString &k : it.value()) {
            const QRegularExpression word(QStringLiteral("(?<![\\w])%1(?![\\w])").arg(QRegularExpression::escape(k)));
            if (word.match(s).hasMatch()) {
                levels << it.key();
                break;
            }
        }
    return levels.isEmpty() ? QStringList{QStringLiteral("Uncategorized")} : levels;
}

QString ExamClassifier::questionType(const QString &stem)
{
    static const QStringList types{QStringLiteral("what"), QStringLiteral("which"), QStringLiteral("how"), QStringLiteral("when"),
                                   QStringLiteral("why"), QStringLiteral("where"), QStringLiteral("who")};
    static const QRegularExpression words(QStringLiteral("[\\w']+"));
    for (auto it = words.globalMatch(stem.toLower()); it.hasNext();) {
        const QString w = it.next().captured();
        const QString base = w.endsWith(QLatin1String("'s")) ? w.chopped(2) : w;
        if (types.contains(base))
            return base;
        if (base == QLatin1String("whom") || base == QLatin1String("whose"))
            return QStringLiteral("who");
    }
    return QStringLiteral("other");
}

} // namespace assay
