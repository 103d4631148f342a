#include "pagestack.h"

#include <QLayout>

namespace assay {

PageStack::PageStack(QWidget *parent) : QStackedWidget(parent) {}

int PageStack::heightForWidth(int width) const
{
    const QWidget *page = currentWidget();
    if (!page || !page->layout() || !page->layout()->hasHeightForWidth())
        return QStackedWidget::heightForWidth(width);
    return page->layout()->totalMinimumHeightForWidth(width);
}

} // namespace assay
