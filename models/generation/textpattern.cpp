#include "generation/textpattern.h"

#include "generation/sqltemplate.h"


namespace assay {

TextPattern::TextPattern(const QString &text, const QVector<Placeholder> &placeholders)
{
    qsizetype pos = 0;
    auto it = SqlTemplate::placeholderPattern().globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        const auto index = placeholders.indexOf(Placeholder{m.captured(1).trimmed(), m.captured(2).trimmed()});
        if (index < 0)
            continue; // not a placeholder of this template: keep it as literal text
        m_literals << text.mid(pos, m.capturedStart() - pos);
        m_slots << int(index);
        pos = m.capturedEnd();
    }
    m_literals << text.mid(pos);
    for (const QString &l : std::as_const(m_literals))
        m_literalLength += l.size();
}

QString TextPattern::fill(const QStringList &values) const
{
    QString out;
    out.reserve(m_literalLength + 24 * m_slots.size());
    for (int i = 0; i < m_slots.size(); ++i) {
        out += m_literals[i];
        out += values.value(m_slots[i]);
    }
    out += m_literals.constLast();
    return out;
}

} // namespace assay
