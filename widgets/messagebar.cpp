#include "messagebar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QUndoStack>

namespace assay {

namespace {
}

MessageBar::MessageBar(QWidget *parent) : QFrame(parent), m_text(new QLabel), m_buttons(new QHBoxLayout), m_scroll(new QScrollArea(this)), m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("messageBar"));
    setFrameShape(QFrame::StyledPanel);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum); // as tall as its text, never more
    m_text->setObjectName(QStringLiteral("messageText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_scroll->setWidget(m_text);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_close->setText(QStringLiteral("✕"));
    m_close->setAutoRaise(true);
    m_close->setToolTip(tr("Dismiss this message (it stays in the log)."));
    connect(m_close, &QToolButton::clicked, this, &MessageBar::clear);
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(6, 2, 2, 2);
    row->addWidget(m_scroll, 1);
    m_buttons->setSpacing(4);
    m_buttons->setAlignment(Qt::AlignTop);
    row->addLayout(m_buttons);
    row->addWidget(m_close, 0, Qt::AlignTop);
    hide();
}

QString MessageBar::colorName(Level level)
{
    switch (level) {
    case Level::Info:
        return QStringLiteral("palette(text)");
    case Level::Success:
        return QStringLiteral("#1b7f3b");
    case Level::Warning:
        return QStringLiteral("#a04000");
    case Level::Error:
        return QStringLiteral("#b22222");
    }
    return QStringLiteral("palette(text)");
}

void MessageBar::showMessage(Level level, const QString &text, bool rich)
{
    if (text.trimmed().isEmpty())
        return clear();
    m_level = level;
    removeButtons();
    const QString html = rich ? text : text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    m_text->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(colorName(level), html));
    const QString plain = rich ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
    if (level == Level::Error || level == Level::Warning)
        qWarning("%s", qPrintable(plain));
    else
        qInfo("%s", qPrintable(plain));
    show();
    // Laid out by the page now, so that the height follows the bar's real width: a bar shown
    // for the first time still had its hidden size, and stood five lines tall for a moment.
    if (parentWidget() && parentWidget()->layout() && parentWidget()->isVisible())
        parentWidget()->layout()->activate();
    updateHeight();
}

MessageBar *MessageBar::of(QWidget *from)
{
    for (QWidget *w = from; w; w = w->parentWidget())
        if (auto *bar = w->findChild<MessageBar *>(QString(), Qt::FindDirectChildrenOnly))
            return bar;
    return nullptr;
}

void MessageBar::report(QWidget *from, Level level, const QString &text)
{
    if (MessageBar *bar = of(from)) {
        bar->showMessage(level, text);
        return;
    }
    if (level == Level::Error || level == Level::Warning)
        qWarning("%s", qPrintable(text));
    else
        qInfo("%s", qPrintable(text));
    auto *box = new QMessageBox(level == Level::Error ? QMessageBox::Warning : QMessageBox::Information, from ? from->window()->windowTitle() : QString(),
                                text, QMessageBox::Ok, from ? from->window() : nullptr);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->show();
}

void MessageBar::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    updateHeight();
}

void MessageBar::setMaximumLines(int lines)
{
    m_maxLines = std::max(1, lines);
    updateHeight();
}

int MessageBar::reservedHeight() const
{
    const QMargins margins = layout()->contentsMargins();
    return std::max(m_maxLines * fontMetrics().lineSpacing() + 4, m_close->sizeHint().height()) + margins.top() + margins.bottom() + 2 * frameWidth();
}

void MessageBar::updateHeight()
{
    // As tall as the wrapped text, up to m_maxLines lines; beyond, the text scrolls.
    // The text's room is the scroll area's whole width: a text that fits needs no scroll bar,
    // and one shown at the boundary took the room that made it fit (a line was cut).
    const int room = m_scroll->width() - 2 * m_scroll->frameWidth();
    const int width = room > 50 ? room : (parentWidget() ? parentWidget()->width() - 60 : 600);
    const int needed = m_text->heightForWidth(qMax(100, width));
    const int most = m_maxLines * fontMetrics().lineSpacing() + 4;
    m_scroll->setVerticalScrollBarPolicy(needed > most ? Qt::ScrollBarAsNeeded : Qt::ScrollBarAlwaysOff);
    m_scroll->setFixedHeight(qMax(fontMetrics().lineSpacing() + 4, qMin(needed, most)));
}

void MessageBar::addButton(const QString &text, const std::function<void()> &onClick, const QString &toolTip)
{
    auto *button = new QPushButton(text, this);
    button->setObjectName(QStringLiteral("messageAction"));
    button->setToolTip(toolTip);
    connect(button, &QPushButton::clicked, this, [onClick] { onClick(); });
    m_buttons->addWidget(button);
    // The button narrows the text: its height follows now, as the bar's own size may not change
    // (a second line was cut when the button was no taller than the text, issue 50 item 6). Shown
    // at once: a child added to a visible bar shows only later, and took no room until then.
    button->show();
    if (isVisible())
        layout()->activate();
    updateHeight();
}

void MessageBar::addUndoButton(QUndoStack *stack, const QString &toolTip)
{
    const int step = stack->index(); // the state right after the step
    addButton(tr("Undo"), [stack, step] {
        if (stack->index() == step)
            stack->undo();
    }, toolTip);
    auto *button = qobject_cast<QPushButton *>(m_buttons->itemAt(m_buttons->count() - 1)->widget());
    const QString said = text();
    // Bound to the button: the next message removes the button and with it this connection.
    connect(stack, &QUndoStack::indexChanged, button, [this, step, said](int index) {
        if (index < step)
            showMessage(Level::Info, tr("Undone: %1 (Edit → Redo brings it back)").arg(said));
    });
}

QStringList MessageBar::buttonTexts() const
{
    QStringList out;
    for (int i = 0; i < m_buttons->count(); ++i)
        if (auto *b = qobject_cast<QPushButton *>(m_buttons->itemAt(i)->widget()))
            out << b->text();
    return out;
}

void MessageBar::removeButtons()
{
    while (QLayoutItem *item = m_buttons->takeAt(0)) {
        if (QWidget *w = item->widget()) {
            w->disconnect(); // its connections end now, not when it is deleted
            QObject::disconnect(nullptr, nullptr, w, nullptr);
            w->deleteLater();
        }
        delete item;
    }
}

void MessageBar::clear()
{
    removeButtons();
    m_text->clear();
    hide();
}

QString MessageBar::text() const { return QTextDocumentFragment::fromHtml(m_text->text()).toPlainText(); }

} // namespace assay
