#include "exams/examclassifier.h"

#include "generation/promptlibrary.h"

#include <QHash>
#include <QMutex>
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
    // One pattern per level: any of its keywords as a whole word. Compiled patterns are kept
    // (an exam classifies thousands of stems against the same few levels).
    static QMutex lock;
    static QHash<QString, QRegularExpression> compiled;
    const QString s = stem.toLower();
    QStringList levels;
    for (auto it = keywords.begin(); it != keywords.end(); ++it) {
        if (it.value().isEmpty())
            continue;
        QStringList escaped;
        for (const QString &k : it.value())
            escaped << QRegularExpression::escape(k);
        const QString pattern = QStringLiteral("(?<![\\w])(?:%1)(?![\\w])").arg(escaped.join(QLatin1Char('|')));
        QRegularExpression word;
        {
            QMutexLocker locked(&lock);
            auto found = compiled.find(pattern);
            if (found == compiled.end()) {
                if (compiled.size() > 256)
                    compiled.clear();
                found = compiled.insert(pattern, QRegularExpression(pattern));
            }
            word = found.value();
        }
        if (word.match(s).hasMatch())
            levels << it.key();
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
