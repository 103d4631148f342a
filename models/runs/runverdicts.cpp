#include "runs/runverdicts.h"

#include <algorithm>
#include <numeric>

namespace assay {

RunVerdicts::RunVerdicts(qint64 low, qint64 high) : m_byId(true), m_low(low), m_slots(std::max<qint64>(0, high - low + 1)) {}

qint64 RunVerdicts::slotFor(qint64 itemId)
{
    if (m_byId)
        return itemId - m_low;
    auto it = m_slotOf.constFind(itemId);
    if (it == m_slotOf.cend())
        it = m_slotOf.insert(itemId, m_slots++);
    return it.value();
}

qint64 RunVerdicts::slotOf(qint64 itemId) const
{
    if (m_byId)
        return itemId >= m_low && itemId - m_low < m_slots ? itemId - m_low : -1;
    return m_slotOf.value(itemId, -1);
}

void RunVerdicts::add(qint64 itemId, Aspect aspect, QByteArrayView judge, std::optional<int> verdict)
{
    const auto same = [&](const Column &c) { return c.aspect == aspect && QByteArrayView(c.name) == judge; };
    if (m_last < 0 || !same(m_columns[size_t(m_last)])) {
        m_last = int(std::find_if(m_columns.begin(), m_columns.end(), same) - m_columns.begin());
        if (m_last == int(m_columns.size()))
            m_columns.push_back({aspect, judge.toByteArray(), {}});
    }
    const qint64 slot = slotFor(itemId);
    if (slot < 0 || (m_byId && slot >= m_slots))
        return; // outside the range the store asked for: not this run's item
    std::vector<qint8> &column = m_columns[size_t(m_last)].verdicts;
    if (qint64(column.size()) <= slot)
        column.resize(size_t(m_byId ? m_slots : std::max<qint64>(slot + 1, qint64(column.size()) * 2)), -1);
    column[size_t(slot)] = verdict ? qint8(*verdict) : qint8(-1);
}

void RunVerdicts::finish()
{
    // By name in byte order, as SQLite's ORDER BY on the judge column gives them.
    std::vector<int> order(m_columns.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return m_columns[size_t(a)].name < m_columns[size_t(b)].name; });
    m_answerJudges.clear();
    m_retrievalJudges.clear();
    m_answerColumns.clear();
    m_retrievalColumns.clear();
    for (int i : order) {
        const Column &c = m_columns[size_t(i)];
        const bool answer = c.aspect == Aspect::Answer;
        (answer ? m_answerJudges : m_retrievalJudges) << QString::fromUtf8(c.name);
        (answer ? m_answerColumns : m_retrievalColumns).push_back(i);
    }
}

std::optional<int> RunVerdicts::verdict(qint64 itemId, Aspect aspect, int judge) const
{
    const std::vector<int> &columns = aspect == Aspect::Answer ? m_answerColumns : m_retrievalColumns;
    if (judge < 0 || judge >= int(columns.size()))
        return std::nullopt;
    const std::vector<qint8> &verdicts = m_columns[size_t(columns[size_t(judge)])].verdicts;
    const qint64 slot = slotOf(itemId);
    if (slot < 0 || slot >= qint64(verdicts.size()) || verdicts[size_t(slot)] < 0)
        return std::nullopt;
    return int(verdicts[size_t(slot)]);
}

} // namespace assay
