#include "dialogs/userguidedialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QListWidget>
#include <QRegularExpression>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace assay {

UserGuideDialog::UserGuideDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("userGuide"));
    setWindowTitle(tr("Assay User Guide"));
    m_browser = new QTextBrowser(this);
    m_browser->setObjectName(QStringLiteral("userGuideText"));
    m_browser->setOpenExternalLinks(false);
    m_contents = new QListWidget(this);
    m_contents->setObjectName(QStringLiteral("userGuideContents"));
    m_contents->setWordWrap(true); // long headings wrap, never cut
    m_contents->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QFile file(QStringLiteral(":/docs/user-guide.md"));
    QString markdown;
    if (file.open(QIODevice::ReadOnly))
        markdown = QString::fromUtf8(file.readAll());
    else
        markdown = tr("# The user guide is missing\n\nThis build has no docs/user-guide.md built in (%1).").arg(file.errorString());
    m_browser->setMarkdown(markdown);
    // The contents: the guide's headings (## and ###), each jumping to its place.
    static const QRegularExpression heading(QStringLiteral("^(#{2,3}) +(.+)$"), QRegularExpression::MultilineOption);
    for (auto it = heading.globalMatch(markdown); it.hasNext();) {
        const auto m = it.next();
        auto *item = new QListWidgetItem((m.captured(1).size() == 3 ? QStringLiteral("    ") : QString()) + m.captured(2), m_contents);
        item->setData(Qt::UserRole, m.captured(2));
        item->setToolTip(m.captured(2));
    }
    connect(m_contents, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (!item)
            return;
        m_browser->moveCursor(QTextCursor::Start);
        m_browser->find(item->data(Qt::UserRole).toString());
        m_browser->ensureCursorVisible();
    });
    auto *split = new QSplitter(this);
    split->addWidget(m_contents);
    split->addWidget(m_browser);
    split->setStretchFactor(1, 1);
    split->setSizes({240, 640});
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(900, 620); // within 1366×768 with the window's frame and a panel
}

QString UserGuideDialog::text() const { return m_browser->toPlainText(); }

QStringList UserGuideDialog::sections() const
{
    QStringList out;
    for (int i = 0; i < m_contents->count(); ++i)
        out << m_contents->item(i)->data(Qt::UserRole).toString();
    return out;
}

} // namespace assay
