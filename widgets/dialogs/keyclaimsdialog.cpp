#include "dialogs/keyclaimsdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace assay {

KeyClaimsDialog::KeyClaimsDialog(const QVector<KeyTruth::Outcome::Conflict> &conflicts, QWidget *parent) : QDialog(parent), m_conflicts(conflicts)
{
    setObjectName(QStringLiteral("keyClaimsDialog"));
    setWindowTitle(tr("Key Claims"));
    auto *intro = new QLabel(tr("These documents are named by rows of more than one keyed table. Each counts as the document of one table only: "
                                "by default the table whose value stands first in its title. Choose another where that is wrong, then click OK; "
                                "the true documents are computed again (Edit → Undo takes it back)."),
                             this);
    intro->setWordWrap(true);
    m_table = new QTableWidget(int(conflicts.size()), 4, this);
    m_table->setObjectName(QStringLiteral("keyClaims"));
    m_table->setHorizontalHeaderLabels({tr("Document"), tr("Title"), tr("Named by rows of"), tr("Claimed by")});
    m_table->verticalHeader()->hide();
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int r = 0; r < conflicts.size(); ++r) {
        const KeyTruth::Outcome::Conflict &c = conflicts[r];
        const QStringList cells{c.docId, c.title, c.tables.join(QStringLiteral(", "))};
        for (int col = 0; col < cells.size(); ++col) {
            auto *item = new QTableWidgetItem(cells[col]);
            item->setToolTip(cells[col]); // a long title stays readable when the column is narrow
            m_table->setItem(r, col, item);
        }
        auto *choice = new QComboBox(m_table);
        choice->addItems(c.tables);
        choice->setCurrentText(c.chosen);
        choice->setToolTip(c.byUser ? tr("Your choice") : tr("The table named first in the title"));
        m_table->setCellWidget(r, 3, choice);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(820, 420); // fits a 1366×768 screen
}

QHash<QString, QString> KeyClaimsDialog::claims() const
{
    QHash<QString, QString> out;
    for (int r = 0; r < m_conflicts.size(); ++r)
        if (auto *choice = qobject_cast<QComboBox *>(m_table->cellWidget(r, 3)))
            out.insert(m_conflicts[r].docId, choice->currentText());
    return out;
}

} // namespace assay
