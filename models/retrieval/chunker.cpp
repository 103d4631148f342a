#include "retrieval/chunker.h"

#include <QRegularExpression>

namespace assay {

bool Chunker::parse(const QString &spec, Options &o, QString *error)
{
    const QStringList parts = spec.split(QLatin1Char(':'));
    bool ok1 = true, ok2 = true;
    if (parts.value(0) == QLatin1String("whole") && parts.size() == 1) {
        o = {Mode::Whole, 0, 0};
        return true;
    }
    if (parts.value(0) == QLatin1String("sentences") && parts.size() == 2) {
        o = {Mode::Sentences, parts[1].toInt(&ok1), 0};
        if (ok1 && o.size > 0)
            return true;
    }
    if (parts.value(0) == QLatin1String("tokens") && (parts.size() == 2 || parts.size() == 3)) {
        o = {Mode::Tokens, parts[1].toInt(&ok1), parts.size() == 3 ? parts[2].toInt(&ok2) : 0};
        if (ok1 && ok2 && o.size > 0 && o.overlap >= 0 && o.overlap < o.size)
            return true;
    }
    if (error)
        *error = QStringLiteral("chunking '%1': use whole, sentences:N or tokens:N[:OVERLAP] (overlap < N)").arg(spec);
    return false;
}

QStringList Chunker::split(const QString &text, const Options &o)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return {};
    if (o.mode == Mode::Whole || o.size <= 0)
        return {trimmed};
    // Slices [start, end) of the text: sentences end after . ! ? (or a blank line); tokens are
    // runs of non-space characters.
    QVector<QPair<qsizetype, qsizetype>> units;
    if (o.mode == Mode::Sentences) {
        static const QRegularExpression sentence(QStringLiteral("[^.!?\\n]*(?:[.!?]+|\\n\\s*\\n|$)"));
        auto it = sentence.globalMatch(trimmed);
        while (it.hasNext()) {
            const auto m = it.next();
            if (m.capturedLength() > 0 && !m.captured().trimmed().isEmpty())
                units.append({m.capturedStart(), m.capturedEnd()});
        }
    } else {
        static const QRegularExpression token(QStringLiteral("\\S+"));
        auto it = token.globalMatch(trimmed);
        while (it.hasNext()) {
            const auto m = it.next();
            units.append({m.capturedStart(), m.capturedEnd()});
        }
    }
    QStringList chunks;
    const int step = o.mode == Mode::Tokens ? o.size - o.overlap : o.size;
    for (int first = 0; first < units.size(); first += step) {
        const int last = std::min<int>(int(units.size()), first + o.size) - 1;
        chunks << trimmed.mid(units[first].first, units[last].second - units[first].first).trimmed();
        if (last == units.size() - 1)
            break;
    }
    return chunks;
}

} // namespace assay
