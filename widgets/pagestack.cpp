#include "pagestack.h"

#include <QLayout>

namespace assay {

PageStack::PageStack(QWidget *parent) : QStackedWidget(parent) {}

int PageStack::heightForWidth(int width) const
{
    const QWidget *page = currentWidget();
    if (!page)
        return QStackedWidget::heightForWidth(width);
    // A page that is itself tabs (Queries) has no layout: its minimum, not the tallest height
    // for this width among the pages behind it (QStackedLayout asks all of them).
    if (!page->layout() || !page->layout()->hasHeightForWidth())
        return page->minimumSizeHint().height();
    return page->layout()->totalMinimumHeightForWidth(width);
}

} // namespace assay
