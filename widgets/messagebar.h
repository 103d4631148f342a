#pragma once
// The one way a page tells the user what happened: a bar on the page with the message in the
// colour of its level (the app's one palette: colorName()), dismissible, with long reports
// scrolling inside a few lines; every message also goes to the log (docs/ARCHITECTURE.md,
// "Pages").
#include <QFrame>

#include <functional>

class QHBoxLayout;
class QLabel;
class QScrollArea;
class QToolButton;
class QUndoStack;

namespace assay {

class MessageBar : public QFrame {
    Q_OBJECT
public:
    enum class Level { Info, Success, Warning, Error };
    explicit MessageBar(QWidget *parent = nullptr);

    // Plain text, or rich text when `rich` (the caller escaped what it took from elsewhere).
    void showMessage(Level level, const QString &text, bool rich = false);
    void error(const QString &text) { showMessage(Level::Error, text); }
    void warning(const QString &text) { showMessage(Level::Warning, text); }
    void success(const QString &text) { showMessage(Level::Success, text); }
    void clear();
    // A button beside the current message ("Open", "Show", "Undo", "Go to Analysis"…); the
    // next message or clear() removes it. Clicking it runs `onClick`.
    void addButton(const QString &text, const std::function<void()> &onClick, const QString &toolTip = {});
    // "Undo" for the step just pushed on `stack`: once that step is taken back (by this button,
    // Edit → Undo or Ctrl+Z) the offer goes and the message says the step was undone, so the bar
    // never offers what it can no longer do.
    void addUndoButton(QUndoStack *stack, const QString &toolTip);
    QStringList buttonTexts() const;

    QString text() const;
    Level level() const { return m_level; }
    // Shows the message on the bar of the nearest page around `from` (a MessageBar that is a
    // direct child of `from` or of one of its ancestors); with no bar up to the window, in a
    // window-modal message box. Either way the message is logged.
    static void report(QWidget *from, Level level, const QString &text);
    // The bar report() would use for `from` (null: none up to the window).
    static MessageBar *of(QWidget *from);
    // At most this many lines of text show (5 by default); a longer report scrolls inside.
    void setMaximumLines(int lines);
    // The bar's height with its most lines: a page that reserves it is never shifted by a message.
    int reservedHeight() const;
    // The palette: the colour of a level's text, as a CSS colour name for rich text.
    static QString colorName(Level level);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateHeight();
    void removeButtons();
    QLabel *m_text;
    QHBoxLayout *m_buttons;
    QScrollArea *m_scroll;
    QToolButton *m_close;
    Level m_level = Level::Info;
    int m_maxLines = 5;
};

} // namespace assay
