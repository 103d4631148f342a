#pragma once
// The Queries page: the working set (the review grid of text queries) and its frozen versions
// (VersionsPanel), as two tabs.
#include <QTabWidget>

class QUndoStack;

namespace assay {

class Project;
class ReviewGrid;
class VersionsPanel;

class QueriesPage : public QTabWidget {
    Q_OBJECT
public:
    QueriesPage(Project *project, QUndoStack *undoStack, QWidget *parent = nullptr);
    ReviewGrid *grid() const { return m_grid; }
    VersionsPanel *versions() const { return m_versions; }
    void showVersions();

private:
    void updateVersionsTab();
    ReviewGrid *m_grid;
    VersionsPanel *m_versions;
};

} // namespace assay
