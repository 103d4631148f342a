#include "irt/irttwodimadaptive.h"

#include <algorithm>
#include <cmath>

namespace assay {

IrtTwoDimAdaptive::IrtTwoDimAdaptive(QVector<IrtTwoDimItem> items, IrtAdaptiveRule rule)
    : m_items(std::move(items)), m_rule(rule), m_used(m_items.size(), 0)
{
    // The items' parameters and the quadrature rule once for the whole test; the posterior is
    // integrated again after each answer from the previous mode.
    for (const IrtTwoDimItem &i : std::as_const(m_items))
        m_a1.push_back(i.a1), m_a2.push_back(i.a2), m_d.push_back(i.d);
    m_n1.resize(size_t(m_posterior.size()));
    m_n2.resize(m_n1.size());
    m_w.resize(m_n1.size());
}

QString IrtTwoDimAdaptive::stopReason() const
{
    const int n = given();
    if (n >= m_items.size())
        return QStringLiteral("every item given");
    if (n >= m_rule.maxItems)
        return QStringLiteral("maximum of %1 items").arg(m_rule.maxItems);
    if (const double se = std::max(m_ability.se1, m_ability.se2); n >= m_rule.minItems && m_ability.answered > 0 && se <= m_rule.se)
        return QStringLiteral("SE of both abilities ≤ %1 (%2, %3)").arg(m_rule.se).arg(m_ability.se1, 0, 'f', 3).arg(m_ability.se2, 0, 'f', 3);
    return {};
}

IrtAbilityEstimate IrtTwoDimAdaptive::ability() const
{
    IrtAbilityEstimate e;
    e.theta = m_ability.theta1;
    e.se = m_ability.se1;
    e.answered = m_ability.answered;
    return e;
}

int IrtTwoDimAdaptive::expectedLength() const
{
    const int cap = std::min(m_rule.maxItems, int(m_items.size()));
    const int n = given();
    const double se = std::max(m_ability.se1, m_ability.se2);
    if (finished() || n >= cap)
        return n;
    if (m_ability.answered == 0 || se <= 0 || se >= 1)
        return cap;
    // Each ability's precision is the prior's 1 plus what the items gathered (IrtAdaptive).
    const double perItem = (1.0 / (se * se) - 1.0) / n;
    const double needed = (1.0 / (m_rule.se * m_rule.se) - 1.0) / perItem;
    return std::clamp(int(std::ceil(needed)), std::max(n + 1, m_rule.minItems), cap);
}

int IrtTwoDimAdaptive::next()
{
    if (finished())
        return -1;
    const double det = m_m00 * m_m11 - m_m01 * m_m01;
    const double i00 = m_m11 / det, i01 = -m_m01 / det, i11 = m_m00 / det; // M⁻¹
    int best = -1;
    double bestGain = -1;
    for (int j = 0; j < m_items.size(); ++j) {
        if (m_used[j])
            continue;
        const IrtTwoDimItem &it = m_items[j];
        const double p = IrtTwoDimensional::probability(it, m_ability.theta1, m_ability.theta2);
        const double gain = p * (1 - p) * (it.a1 * it.a1 * i00 + 2 * it.a1 * it.a2 * i01 + it.a2 * it.a2 * i11);
        if (gain > bestGain)
            best = j, bestGain = gain;
    }
    return best;
}

void IrtTwoDimAdaptive::record(int item, int correct)
{
    m_used[item] = 1;
    IrtAdaptiveStep step;
    step.item = item;
    step.correct = correct;
    if (correct >= 0) {
        m_cells.push_back({item, qint8(correct)});
        m_posterior.integrate(m_cells, m_a1.data(), m_a2.data(), m_d.data(), m_mode, m_n1.data(), m_n2.data(), m_w.data());
        double t1 = 0, t2 = 0, s11 = 0, s22 = 0;
        for (size_t k = 0; k < m_w.size(); ++k) {
            t1 += m_w[k] * m_n1[k], t2 += m_w[k] * m_n2[k]; // the posterior mean (EAP)
            s11 += m_w[k] * m_n1[k] * m_n1[k], s22 += m_w[k] * m_n2[k] * m_n2[k];
        }
        m_ability.theta1 = t1, m_ability.theta2 = t2;
        m_ability.se1 = std::sqrt(std::max(0.0, s11 - t1 * t1)), m_ability.se2 = std::sqrt(std::max(0.0, s22 - t2 * t2));
        ++m_ability.answered;
        m_m00 = 1, m_m01 = 0, m_m11 = 1;
        for (const IrtCell &c : m_cells) {
            const IrtTwoDimItem &it = m_items[c.index];
            const double p = IrtTwoDimensional::probability(it, t1, t2), v = p * (1 - p);
            m_m00 += v * it.a1 * it.a1, m_m01 += v * it.a1 * it.a2, m_m11 += v * it.a2 * it.a2;
        }
    }
    step.ability = ability();
    step.theta2 = m_ability.theta2;
    step.se2 = m_ability.se2;
    m_steps << step;
}

QVector<QPair<int, int>> IrtTwoDimAdaptive::run(const QVector<IrtTwoDimItem> &items, int length, const std::function<int(int)> &respond)
{
    IrtAdaptiveRule rule;
    rule.se = -1; // no stop by SE: `length` items
    rule.maxItems = std::max(1, length);
    rule.dimensions = 2;
    IrtTwoDimAdaptive cat(items, rule);
    QVector<QPair<int, int>> given;
    if (length <= 0)
        return given;
    for (int next = cat.next(); next >= 0; next = cat.next()) {
        const int answer = respond(next);
        cat.record(next, answer);
        given.append({next, answer});
    }
    return given;
}

} // namespace assay
