#include "examtabs/shortformestimatestable.h"

#include "exams/examadaptivetake.h"

#include <QHeaderView>

namespace assay {

ShortFormEstimatesTable::ShortFormEstimatesTable(QWidget *parent) : QTableWidget(0, 6, parent)
{
    setObjectName(QStringLiteral("shortFormEstimates"));
    // Headers on two lines: no wider than their figures, so that every column shows beside the
    // charts at 1366×768 (a one-line "Whole exam" was cut at the table's edge).
    setHorizontalHeaderLabels({tr("Taker"), tr("Items"), tr("Ability\n± SE"), tr("Estimated\n(95%)"), tr("Plain\n(95%)"), tr("Whole\nexam")});
    // What each column is, on its header: the ability here is not the IRT tab's.
    const QStringList headerTips{tr("The take: a short form's taker, or “<taker> @adaptive” for an adaptive take"),
                                 tr("Items the taker answered"),
                                 tr("Ability from these answers alone: the posterior mean (EAP) under a N(0, 1) prior on the exam's fitted items, "
                                    "with its posterior SD. The IRT tab's abilities come from the joint fit of whole takes and sit on a "
                                    "wider scale: compare accuracies, not abilities, across the two."),
                                 tr("The accuracy on the whole exam this ability predicts, corrected by the panel (the takers that answered the "
                                    "whole exam), with a 95% interval that includes the panel's scatter"),
                                 tr("The share correct on these items alone, with no model, and its binomial (Wilson) 95% interval: the baseline the "
                                    "estimate has to beat. Validate… says which of the two has been closer on this exam's panel."),
                                 tr("The same taker's accuracy on the whole exam, when it took it whole: the check of the estimate")};
    for (int c = 0; c < headerTips.size(); ++c)
        horizontalHeaderItem(c)->setToolTip(headerTips[c]);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    verticalHeader()->hide();
    // Columns keep their contents' width (a stretched last column was cut when the splitter was
    // narrow); a narrow table scrolls instead.
    horizontalHeader()->setStretchLastSection(false);
    setWordWrap(false);
    resizeColumnsToContents();
}

void ShortFormEstimatesTable::clearRows()
{
    setRowCount(0);
    clearSpans();
    // Until rows size them, the headers do (a spanning hint must not), so no header is cut.
    for (int c = 0; c < columnCount(); ++c)
        setColumnWidth(c, horizontalHeader()->sectionSizeHint(c));
}

bool ShortFormEstimatesTable::showEstimates(const QVector<ExamEstimate> &estimates, const ExamShortFormInfo &form)
{
    setToolTip(form.parentId ? tr("Takes of this short form (%1 of %2), estimated on the whole of %2")
                                                        .arg(form.method, form.parent)
                                                  : tr("Adaptive takes of this exam, estimated on all its items"));
    for (const ExamEstimate &e : estimates) {
        if (!form.parentId && !ExamAdaptiveTake::isAdaptive(e.taker))
            continue; // a whole take estimates nothing
        const int row = rowCount();
        insertRow(row);
        const QStringList cells{e.taker, QString::number(e.answered), QStringLiteral("%1 ± %2").arg(e.ability.theta, 0, 'f', 2).arg(e.ability.se, 0, 'f', 2),
                                QStringLiteral("%1 (%2–%3)").arg(e.accuracy.accuracy, 0, 'f', 3).arg(e.accuracy.low, 0, 'f', 3).arg(e.accuracy.high, 0, 'f', 3),
                                QStringLiteral("%1 (%2–%3)").arg(e.observed, 0, 'f', 3).arg(e.plainLow, 0, 'f', 3).arg(e.plainHigh, 0, 'f', 3),
                                e.full >= 0 ? QString::number(e.full, 'f', 3) : tr("not taken whole")};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);
            setItem(row, c, item);
        }
    }
    if (rowCount() == 0) {
        // The empty state says what to click.
        const QString hint = form.parentId ? tr("No take yet: choose a taker with Take Exam… (this short form is chosen above); its estimate "
                                                        "on the whole of %1 appears here.").arg(form.parent)
                                                   : tr("Estimates on the whole exam appear here: Make Short Form…, choose it in the Exam box and "
                                                        "Take Exam…; or Take Exam… → Adaptive on this exam.");
        insertRow(0);
        auto *item = new QTableWidgetItem(hint);
        item->setToolTip(hint);
        item->setFlags(Qt::ItemIsEnabled);
        setItem(0, 0, item);
        setSpan(0, 0, 1, columnCount());
        setWordWrap(true);
        resizeRowToContents(0);
        return false;
    }
    clearSpans();
    setWordWrap(false);
    resizeColumnsToContents();
    return true;
}

bool ShortFormEstimatesTable::listsAdaptive() const
{
    for (int r = 0; r < rowCount(); ++r)
        if (const QTableWidgetItem *cell = item(r, 0); cell && (cell->flags() & Qt::ItemIsSelectable) && ExamAdaptiveTake::isAdaptive(cell->text()))
            return true;
    return false;
}

bool ShortFormEstimatesTable::select(const QString &taker, bool scroll)
{
    for (int r = 0; r < rowCount(); ++r)
        if (QTableWidgetItem *cell = item(r, 0); cell && cell->text() == taker && (cell->flags() & Qt::ItemIsSelectable)) {
            setCurrentCell(r, 0);
            if (scroll)
                scrollToItem(cell);
            return true;
        }
    return false;
}

} // namespace assay
