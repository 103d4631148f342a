#include "irt/irtadaptive.h"
#include "core/vectorstate.h"

#include <cmath>

#include <QStringList>

#include <algorithm>
#include <limits>

namespace assay {

Result<IrtAdaptiveRule> IrtAdaptiveRule::parse(const QString &text)
{
    using R = Result<IrtAdaptiveRule>;
    IrtAdaptiveRule rule;
    const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const int eq = part.indexOf(QLatin1Char('='));
        const QString key = part.left(eq).trimmed().toLower(), value = eq < 0 ? QString() : part.mid(eq + 1).trimmed();
        bool ok = false;
        if (key == QLatin1String("se")) {
            rule.se = value.toDouble(&ok);
            ok = ok && rule.se > 0 && rule.se < 1;
        } else if (key == QLatin1String("max")) {
            rule.maxItems = value.toInt(&ok);
            ok = ok && rule.maxItems >= 1;
        } else if (key == QLatin1String("min")) {
            rule.minItems = value.toInt(&ok);
            ok = ok && rule.minItems >= 1;
        } else if (key == QLatin1String("k")) {
            rule.randomesque = value.toInt(&ok);
            ok = ok && rule.randomesque >= 1;
        } else if (key == QLatin1String("seed")) {
            rule.seed = value.toULongLong(&ok);
        } else if (key == QLatin1String("dims")) {
            rule.dimensions = value.toInt(&ok);
            ok = ok && (rule.dimensions == 1 || rule.dimensions == 2);
        } else {
            return R::failure(QStringLiteral("adaptive rule: unknown key '%1' in '%2' (se, max, min, k, seed, dims)").arg(key, text));
        }
        if (!ok)
            return R::failure(QStringLiteral("adaptive rule: bad value '%1' for %2 in '%3' (se in (0, 1); max, min, k ≥ 1; dims 1 or 2)").arg(value, key, text));
    }
    if (rule.minItems > rule.maxItems)
        return R::failure(QStringLiteral("adaptive rule: min=%1 exceeds max=%2").arg(rule.minItems).arg(rule.maxItems));
    return rule;
}

QString IrtAdaptiveRule::text() const
{
    QString t = QStringLiteral("se=%1,max=%2").arg(se).arg(maxItems);
    if (minItems > 1)
        t += QStringLiteral(",min=%1").arg(minItems);
    if (randomesque > 1)
        t += QStringLiteral(",k=%1,seed=%2").arg(randomesque).arg(seed);
    if (dimensions == 2)
        t += QStringLiteral(",dims=2");
    return t;
}

IrtAdaptive::IrtAdaptive(QVector<IrtItem> items, IrtAdaptiveRule rule)
    : m_items(std::move(items)), m_rule(rule), m_given(m_items.size(), 0), m_rng(rule.seed)
{
    // An item's information at θ is at most a²·g(|a|·|θ − b|), g(x) = σ(x)(1 − σ(x)), when
    // 0 ≤ c < 1 (the guessing floor only lowers the 2PL part's); g falls as |x| grows. So
    // with the items ordered by b, next() walks outwards from θ and stops once the bound for
    // the distance reached, aMax²·g(aMin·d), is below the best information found.
    m_byB.resize(size_t(m_items.size()));
    for (int j = 0; j < m_items.size(); ++j) {
        const IrtItem &it = m_items[j];
        m_byB[size_t(j)] = j;
        m_walk = m_walk && it.c >= 0 && it.c < 1 && std::isfinite(it.a) && std::isfinite(it.b);
        m_aMin = std::min(m_aMin, std::fabs(it.a));
        m_aMax = std::max(m_aMax, std::fabs(it.a));
    }
    std::stable_sort(m_byB.begin(), m_byB.end(), [this](int x, int y) { return m_items[x].b < m_items[y].b; });
}

double IrtAdaptive::bound(double distance) const
{
    const double e = std::exp(-m_aMin * distance);
    return m_aMax * m_aMax * e / ((1 + e) * (1 + e)) * (1 + 1e-9); // the margin: rounding never cuts a tie
}

int IrtAdaptive::mostInformative() const
{
    clearUpperVectorState(); // core/vectorstate.h
    // The most informative unanswered item; ties go to the lower index.
    int best = -1;
    double bestInfo = 0;
    const auto visit = [&](int j) {
        if (m_given[j])
            return;
        const double info = IrtFitter::information(m_items[j].a, m_items[j].b, m_items[j].c, m_ability.theta);
        if (best < 0 || info > bestInfo || (info == bestInfo && j < best))
            best = j, bestInfo = info;
    };
    if (!m_walk) {
        for (int j = 0; j < m_items.size(); ++j)
            visit(j);
        return best;
    }
    const double theta = m_ability.theta;
    const auto first = std::lower_bound(m_byB.begin(), m_byB.end(), theta, [this](int j, double t) { return m_items[j].b < t; });
    qsizetype up = first - m_byB.begin(), down = up - 1;
    while (down >= 0 || up < qsizetype(m_byB.size())) {
        const double dDown = down >= 0 ? theta - m_items[m_byB[size_t(down)]].b : std::numeric_limits<double>::infinity();
        const double dUp = up < qsizetype(m_byB.size()) ? m_items[m_byB[size_t(up)]].b - theta : std::numeric_limits<double>::infinity();
        const bool goDown = dDown < dUp;
        if (best >= 0 && bound(goDown ? dDown : dUp) < bestInfo)
            break;
        visit(m_byB[size_t(goDown ? down-- : up++)]);
    }
    return best;
}

bool IrtAdaptive::finished() const
{
    return !stopReason().isEmpty();
}

QString IrtAdaptive::stopReason() const
{
    const int n = given();
    if (n >= m_items.size())
        return QStringLiteral("every item given");
    if (n >= m_rule.maxItems)
        return QStringLiteral("maximum of %1 items").arg(m_rule.maxItems);
    if (n >= m_rule.minItems && m_ability.answered > 0 && m_ability.se <= m_rule.se)
        return QStringLiteral("SE %1 ≤ %2").arg(m_ability.se, 0, 'f', 3).arg(m_rule.se);
    return {};
}

int IrtAdaptive::expectedLength() const
{
    const int cap = std::min(m_rule.maxItems, int(m_items.size()));
    const int n = given();
    if (finished() || n >= cap)
        return n;
    if (m_ability.answered == 0 || m_ability.se <= 0)
        return cap;
    // The posterior precision is about the prior's 1 plus the information gathered; at the
    // rate of information per item so far, the items that bring it to 1 / target².
    const double gathered = 1.0 / (m_ability.se * m_ability.se) - 1.0;
    if (gathered <= 0)
        return cap;
    const double perItem = gathered / n;
    const double needed = (1.0 / (m_rule.se * m_rule.se) - 1.0) / perItem;
    return std::clamp(int(std::ceil(needed)), std::max(n + 1, m_rule.minItems), cap);
}

int IrtAdaptive::next()
{
    if (finished())
        return -1;
    const int k = std::max(1, m_rule.randomesque);
    if (k == 1)
        return mostInformative();
    m_ranked.clear();
    m_ranked.reserve(size_t(m_items.size()));
    for (int j = 0; j < m_items.size(); ++j)
        if (!m_given[j])
            m_ranked.push_back({IrtFitter::information(m_items[j].a, m_items[j].b, m_items[j].c, m_ability.theta), j});
    const int top = std::min(int(m_ranked.size()), k);
    std::partial_sort(m_ranked.begin(), m_ranked.begin() + top, m_ranked.end(), [](const auto &x, const auto &y) {
        return x.first > y.first || (x.first == y.first && x.second < y.second);
    });
    return m_ranked[size_t(std::uniform_int_distribution<int>(0, top - 1)(m_rng))].second;
}

void IrtAdaptive::record(int item, int correct)
{
    if (item < 0 || item >= m_items.size() || m_given[item])
        return;
    m_given[item] = 1;
    if (correct >= 0) {
        m_answered.append({item, correct ? 1 : 0});
        m_ability = IrtAbility::eap(m_items, m_answered);
    }
    m_steps.append({item, correct, m_ability});
}

} // namespace assay
