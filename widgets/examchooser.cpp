#include "examchooser.h"

#include "exams/examstore.h"

#include <QSignalBlocker>
#include <QStyle>

namespace assay {

ExamChooser::ExamChooser(QWidget *parent) : ElidedComboBox(parent)
{
    setObjectName(QStringLiteral("examChooser"));
    connect(this, &QComboBox::currentTextChanged, this, &ExamChooser::updateTip);
}

QString ExamChooser::refill(const ExamStore &store)
{
    const QString current = currentText();
    const QSignalBlocker block(this);
    clear();
    // The exams and what each is a short form of, in one query.
    auto exams = store.examsWithParents();
    QFont italic = font();
    italic.setItalic(true);
    for (const auto &[exam, form] : exams ? exams.value() : QVector<QPair<QString, ExamShortFormInfo>>()) {
        addItem(exam);
        if (form.parentId == 0)
            continue;
        const int at = count() - 1;
        setItemIcon(at, style()->standardIcon(QStyle::SP_FileLinkIcon));
        setItemData(at, italic, Qt::FontRole);
        setItemData(at, tr("a short form of %1 (%2)").arg(form.parent, form.method), Qt::ToolTipRole);
    }
    if (findText(current) >= 0)
        setCurrentText(current);
    else if (count() > 0)
        setCurrentIndex(0);
    updateTip();
    return exams ? QString() : exams.error();
}

void ExamChooser::updateTip()
{
    const QString form = currentData(Qt::ToolTipRole).toString();
    setToolTip(form.isEmpty() ? currentText() : QStringLiteral("%1 — %2").arg(currentText(), form));
}

} // namespace assay
