#include "queriespage.h"

#include "itemmodels/testsetsmodel.h"
#include "reviewgrid.h"
#include "versionspanel.h"

namespace assay {

QueriesPage::QueriesPage(Project *project, QUndoStack *undoStack, QWidget *parent)
    : QTabWidget(parent), m_grid(new ReviewGrid(project, undoStack, ReviewModel::Scope::Queries, this)), m_versions(new VersionsPanel(project, this))
{
    setObjectName(QStringLiteral("queriesPage"));
    setDocumentMode(true);
    m_grid->setObjectName(QStringLiteral("queriesGrid"));
    addTab(m_grid, tr("Working set"));
    addTab(m_versions, tr("Versions"));
    setTabToolTip(0, tr("Today's queries: generate, review, accept and reject them here"));
    setTabToolTip(1, tr("Frozen versions of the queries: freeze, list and compare them"));
    connect(m_versions->versions(), &QAbstractItemModel::modelReset, this, &QueriesPage::updateVersionsTab);
    updateVersionsTab();
}

void QueriesPage::showVersions() { setCurrentWidget(m_versions); }

void QueriesPage::updateVersionsTab()
{
    const int n = int(m_versions->versions()->versions().size());
    setTabText(1, n > 0 ? tr("Versions (%1)").arg(n) : tr("Versions"));
}

} // namespace assay
