#include "claims/claimset.h"

#include <nlohmann/json.hpp>

namespace assay {

QString ClaimSet::display(const QString &claimJson)
{
    const nlohmann::json v = nlohmann::json::parse(claimJson.toStdString(), nullptr, false);
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_array()) {
        QStringList parts;
        for (const auto &p : v)
            parts << (p.is_string() ? QString::fromStdString(p.get<std::string>()) : QString::fromStdString(p.dump()));
        return parts.join(QStringLiteral(" · "));
    }
    return claimJson; // not JSON: shown as stored
}

QChar ClaimSet::letter(ClaimVerdict v)
{
    switch (v) {
    case ClaimVerdict::Entailment: return QLatin1Char('E');
    case ClaimVerdict::Neutral: return QLatin1Char('N');
    case ClaimVerdict::Contradiction: return QLatin1Char('C');
    case ClaimVerdict::Unknown: break;
    }
    return QLatin1Char('?');
}

ClaimVerdict ClaimSet::verdict(QChar letter)
{
    switch (letter.unicode()) {
    case 'E': return ClaimVerdict::Entailment;
    case 'N': return ClaimVerdict::Neutral;
    case 'C': return ClaimVerdict::Contradiction;
    default: return ClaimVerdict::Unknown;
    }
}

QString ClaimSet::letters(const QVector<ClaimVerdict> &checks)
{
    QString s;
    s.reserve(checks.size());
    for (ClaimVerdict v : checks)
        s.append(letter(v));
    return s;
}

QVector<ClaimVerdict> ClaimSet::verdicts(const QString &letters)
{
    QVector<ClaimVerdict> out;
    out.reserve(letters.size());
    for (QChar c : letters)
        out << verdict(c);
    return out;
}

} // namespace assay
