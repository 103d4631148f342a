#include "clampedlabel.h"

#include <QTextLayout>

namespace assay {

ClampedLabel::ClampedLabel(int lines, QWidget *parent) : QLabel(parent), m_lines(std::max(1, lines))
{
    setTextFormat(Qt::PlainText);
    setWordWrap(true);
    setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setFixedHeight(m_lines * fontMetrics().lineSpacing() + 2 * margin());
}

void ClampedLabel::setFullText(const QString &text)
{
    m_full = text;
    clamp();
}

QSize ClampedLabel::sizeHint() const
{
    // As wide as the text on one line would like, up to a few hundred pixels: the row decides.
    return {std::min(fontMetrics().horizontalAdvance(m_full) + 4, 40 * fontMetrics().averageCharWidth()), height()};
}

QSize ClampedLabel::minimumSizeHint() const { return {10 * fontMetrics().averageCharWidth(), height()}; }

void ClampedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    clamp();
}

void ClampedLabel::clamp()
{
    const int width = std::max(1, contentsRect().width() - 2 * margin());
    QTextLayout layout(m_full, font());
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    QString shown;
    int lines = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        if (++lines == m_lines) {
            // The last line the label has: the rest of the text, elided to its width.
            const QString rest = m_full.mid(line.textStart());
            const QString last = fontMetrics().elidedText(rest.simplified(), Qt::ElideRight, width);
            shown += last;
            break;
        }
        shown += m_full.mid(line.textStart(), line.textLength());
    }
    layout.endLayout();
    const bool whole = shown.simplified() == m_full.simplified();
    setText(whole ? m_full : shown);
    setToolTip(whole ? QString() : m_full);
}

} // namespace assay
