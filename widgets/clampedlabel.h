#pragma once
// A word-wrapped label of at most a few lines (two by default), with the room for them kept: a
// longer text ends at the last line with an ellipsis, and the tooltip holds it whole. A
// wrapped label beside other widgets in a row was given one line and cut through the middle
// of the next (the IRT tab's status beside Reject dropped, issue 50 item 6). Plain text.
#include <QLabel>

namespace assay {

class ClampedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ClampedLabel(int lines = 2, QWidget *parent = nullptr);
    // The whole text; text() is what shows.
    void setFullText(const QString &text);
    QString fullText() const { return m_full; }
    // Whether the text shows whole (else it ends with an ellipsis and the tooltip holds it).
    bool isClamped() const { return text() != m_full; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void clamp();
    int m_lines;
    QString m_full;
};

} // namespace assay
