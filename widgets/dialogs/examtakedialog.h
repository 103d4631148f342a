#pragma once
// Chooses the students that take an exam: what each kind of TakerRegistry offers for the
// project's LLM profiles (the offline IR students checked by default), and whether they take
// it adaptively (an exam with a fitted IRT model: items one at a time by information at the
// current ability, until the SE target or the item limit).
#include "irt/irtadaptive.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;
class QListWidget;
class QSpinBox;

namespace assay {

class ExamTakeDialog : public QDialog {
    Q_OBJECT
public:
    // fitted: the exam has IRT parameters (else Adaptive is offered disabled, saying why);
    // parentExam: the exam it is a short form of (empty: none). The students checked and the
    // adaptive rule are those of the last Take (QSettings), the offline students at first.
    ExamTakeDialog(const QString &exam, const QStringList &profiles, bool fitted = false, const QString &parentExam = {}, QWidget *parent = nullptr);
    // The exam's items: the adaptive maximum cannot exceed them (the remembered maximum is kept
    // for larger exams).
    void setItemCount(int items);
    // Whether the exam's last fit compared two abilities (its 2-D model stored): the adaptive
    // take can then run on both (else the box is disabled and says what gives it); why not,
    // for a short form.
    void setTwoDimensional(bool available, const QString &whyNot = {});
    void accept() override;
    QStringList students() const;
    QListWidget *list() const { return m_list; }
    bool adaptive() const;
    IrtAdaptiveRule rule() const;
    QCheckBox *adaptiveBox() const { return m_adaptive; }
    QDoubleSpinBox *seBox() const { return m_se; }
    QSpinBox *maxBox() const { return m_max; }
    QCheckBox *twoDimBox() const { return m_twoDim; }

private:
    QListWidget *m_list;
    QCheckBox *m_adaptive;
    QDoubleSpinBox *m_se;
    QSpinBox *m_max;
    QCheckBox *m_twoDim;
    bool m_twoDimAvailable = false;
    int m_rememberedMax = 200;
};

} // namespace assay
