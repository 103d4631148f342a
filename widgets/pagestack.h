#pragma once
// The stack of project pages inside the main window's scroll area. A scroll area that resizes
// its page asks the page's height for the width it has; a page with word-wrapped labels
// answers with its *preferred* height (every chart and grid at its size hint), so on a laptop
// screen the page grew past the window and scrolled although all of it fitted at its minimum.
// This stack answers with the current page's minimum height for that width: the page fills
// the window, and scrolls only when even its minimum does not fit.
#include <QStackedWidget>

namespace assay {

class PageStack : public QStackedWidget {
    Q_OBJECT
public:
    explicit PageStack(QWidget *parent = nullptr);
    int heightForWidth(int width) const override;
};

} // namespace assay
