#include "projectnavigator.h"

namespace assay {

ProjectNavigator::ProjectNavigator(QWidget *parent) : QListWidget(parent)
{
    setObjectName(QStringLiteral("projectNavigator"));
    setIconSize(QSize(22, 22));
    setSpacing(2);
    setUniformItemSizes(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    for (int p = 0; p < PageCount; ++p) {
        auto *item = new QListWidgetItem(QIcon(pageIcon(Page(p))), pageTitle(Page(p)), this);
        item->setSizeHint(QSize(150, 34));
    }
    setFixedWidth(168);
    connect(this, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            emit pageSelected(row);
    });
}

QString ProjectNavigator::pageTitle(Page page)
{
    switch (page) {
    case Overview: return tr("Overview");
    case Schema: return tr("Schema");
    case Corpus: return tr("Corpus");
    case Templates: return tr("Templates");
    case Queries: return tr("Queries");
    case Exams: return tr("Exams");
    case Runs: return tr("Runs");
    case Analysis: return tr("Analysis");
    case PageCount: break;
    }
    return {};
}

QString ProjectNavigator::pageIcon(Page page)
{
    static const char *names[] = {"overview", "schema", "corpus", "templates", "queries", "exams", "runs", "analysis"};
    return QStringLiteral(":/icons/%1.svg").arg(QLatin1String(names[page]));
}

ProjectNavigator::Page ProjectNavigator::currentPage() const { return Page(qMax(0, currentRow())); }

void ProjectNavigator::setCurrentPage(Page page) { setCurrentRow(int(page)); }

} // namespace assay
