#pragma once
// The Exams page's Exam box: every exam of the project, a short form marked (a link icon, in
// italics) with whose it is in its tooltip, filled from one query; the box names the chosen
// exam whole in its tooltip, since a long name is elided.
#include "elidedcombobox.h"

#include <QString>

namespace assay {

class ExamStore;

class ExamChooser : public ElidedComboBox {
    Q_OBJECT
public:
    explicit ExamChooser(QWidget *parent = nullptr);
    // Refills the box, keeping the chosen exam when it still exists (no change signal while
    // filling); the read's error, or empty.
    QString refill(const ExamStore &store);

private:
    void updateTip();
};

} // namespace assay
