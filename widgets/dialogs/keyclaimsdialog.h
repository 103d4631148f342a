#pragma once
// Corpus → Ground Truth → Key Claims…: the documents named by rows of two or more keyed tables
// (a résumé titled "Darryl Kennedy, PetroChina" names a person and a company), each with the
// table that claims it now; the user picks another per document (docs/METHODS.md §1.6.3). The
// choice is returned by claims(); the panel stores it with the truth it gives as one undoable
// edit.
#include "grounding/keytruth.h"

#include <QDialog>
#include <QHash>

class QTableWidget;

namespace assay {

class KeyClaimsDialog : public QDialog {
    Q_OBJECT
public:
    KeyClaimsDialog(const QVector<KeyTruth::Outcome::Conflict> &conflicts, QWidget *parent = nullptr);
    // Document id → the table chosen for it (every listed document).
    QHash<QString, QString> claims() const;
    QTableWidget *table() const { return m_table; }

private:
    QVector<KeyTruth::Outcome::Conflict> m_conflicts;
    QTableWidget *m_table;
};

} // namespace assay
