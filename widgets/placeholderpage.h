#pragma once
#include "projectnavigator.h"

#include <QWidget>

class QLabel;

namespace assay {

// A project area that holds nothing yet: says what will appear and how to get it there.
class PlaceholderPage : public QWidget {
    Q_OBJECT
public:
    PlaceholderPage(const QString &iconPath, const QString &title, const QString &what, const QString &how,
                    QWidget *parent = nullptr);
    QString title() const;
    // The empty page of a navigator page: what it will show and which click fills it.
    static PlaceholderPage *forPage(ProjectNavigator::Page page, QWidget *parent = nullptr);

private:
    QLabel *m_title;
};

} // namespace assay
