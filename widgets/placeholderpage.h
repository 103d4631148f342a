#pragma once
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

private:
    QLabel *m_title;
};

} // namespace assay
