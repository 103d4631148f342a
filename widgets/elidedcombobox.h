#pragma once
// A combo box whose current text is elided in the middle ("demo-exam-…-50") when the box is
// narrower than the text, instead of the box growing with its longest entry or the text being
// cut at the edge. Whoever fills it sets a tooltip with the whole name.
#include <QComboBox>

namespace assay {

class ElidedComboBox : public QComboBox {
    Q_OBJECT
public:
    explicit ElidedComboBox(QWidget *parent = nullptr);
    // The current text as painted: whole, or elided to the room the box has.
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString elided(const QStyleOptionComboBox &option) const;
};

} // namespace assay
