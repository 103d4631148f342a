#pragma once
#include <QListWidget>

namespace assay {

// The list of project areas on the left of the main window.
class ProjectNavigator : public QListWidget {
    Q_OBJECT
public:
    enum Page { Overview, Schema, Corpus, Templates, Queries, Exams, Runs, Analysis, PageCount };

    explicit ProjectNavigator(QWidget *parent = nullptr);
    static QString pageTitle(Page page);
    static QString pageIcon(Page page);
    Page currentPage() const;
    void setCurrentPage(Page page);

signals:
    void pageSelected(int page);
};

} // namespace assay
