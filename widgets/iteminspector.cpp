#include "iteminspector.h"

#include "itemmodels/agentstepsmodel.h"
#include "timelinestrip.h"
#include "messagebar.h"

#include "readers/readerregistry.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QHBoxLayout>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace assay {

ItemInspector::ItemInspector(QWidget *parent) : QWidget(parent)
{
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("itemHeader"));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_strip = new TimelineStrip(this);
    m_strip->setObjectName(QStringLiteral("stepStrip"));
    m_steps = new AgentStepsModel(this);
    m_stepsView = new QTableView(this);
    m_stepsView->setObjectName(QStringLiteral("stepsTable"));
    m_stepsView->setModel(m_steps);
    m_stepsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_stepsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_stepsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_stepsView->verticalHeader()->hide();
    m_stepsView->horizontalHeader()->setStretchLastSection(false);
    m_stepsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_stepsView->horizontalHeader()->setSectionResizeMode(AgentStepsModel::Observation, QHeaderView::Stretch);
    m_stepsView->horizontalHeader()->setSectionResizeMode(AgentStepsModel::Arguments, QHeaderView::Interactive);
    m_stepsView->setWordWrap(false);
    m_text = new QTextBrowser(this);
    m_text->setObjectName(QStringLiteral("itemText"));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_stepsView);
    split->addWidget(m_text);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    // Room for a few steps and a few lines of the selected one, however small the pane.
    m_stepsView->setMinimumHeight(m_stepsView->verticalHeader()->defaultSectionSize() * 4 + m_stepsView->horizontalHeader()->sizeHint().height());
    m_text->setMinimumHeight(5 * fontMetrics().lineSpacing());
    m_label = new QPushButton(tr("Label…"), this);
    m_label->setObjectName(QStringLiteral("itemLabel"));
    m_label->setToolTip(tr("Say yourself whether this answer is correct, on Analysis → Labels (the run must be scored)."));
    connect(m_label, &QPushButton::clicked, this, [this] { emit labelRequested(m_detail.item.id); });
    auto *top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    top->addWidget(m_label, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_strip);
    layout->addWidget(split, 1);
    connect(m_stepsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        describeStep(current.row());
        m_strip->setCurrent(current.row());
    });
    connect(m_strip, &TimelineStrip::stepClicked, this, [this](int step) { m_stepsView->selectRow(step); });
    clear();
}

void ItemInspector::clear()
{
    m_detail = {};
    m_label->setEnabled(false);
    m_header->setText(tr("Select an item to see its answer, its context and, for an agentic reader, its steps."));
    m_steps->setTrace(AgentTrace());
    m_strip->setTrace(AgentTrace());
    m_strip->hide();
    m_stepsView->hide();
    m_text->clear();
}

void ItemInspector::showError(const QString &message)
{
    clear();
    m_header->setText(tr("<span style='color:%1'>This item cannot be read: %2</span>").arg(MessageBar::colorName(MessageBar::Level::Error), message.toHtmlEscaped()));
}

void ItemInspector::show(const RunItemDetail &d)
{
    m_detail = d;
    const RunItemView &it = d.item;
    m_label->setEnabled(it.status == QLatin1String("done"));
    QString state = it.status;
    if (!it.error.isEmpty())
        state = tr("error (%1)").arg(it.errorClass.isEmpty() ? tr("unclassified") : it.errorClass);
    else if (d.halted)
        state = tr("halted");
    QString header = tr("<b>%1</b> (%2)<br>Answer <b>%3</b> · gold <b>%4</b> · %5 · %6 ms · %7 tokens · $%8")
                         .arg(it.query.toHtmlEscaped(), it.form.toHtmlEscaped(), it.answer.isEmpty() ? tr("(none)") : it.answer.toHtmlEscaped(),
                              it.gold.isEmpty() ? tr("(none)") : it.gold.toHtmlEscaped(), state)
                         .arg(it.latencyMs, 0, 'f', 0)
                         .arg(d.promptTokens + d.completionTokens)
                         .arg(d.cost, 0, 'f', 5);
    if (!it.error.isEmpty())
        header += QStringLiteral("<br><span style='color:%1'>%2</span>").arg(MessageBar::colorName(MessageBar::Level::Error), it.error.toHtmlEscaped());
    const bool agentic = AgentTrace::isAgentTrace(d.trace);
    if (agentic) {
        auto trace = AgentTrace::fromJson(d.trace);
        if (!trace) {
            header += tr("<br><span style='color:%1'>The step trace cannot be read: %2</span>").arg(MessageBar::colorName(MessageBar::Level::Error), trace.error().toHtmlEscaped());
        } else {
            header += tr("<br>%1 · %2 steps · stopped by <b>%3</b>")
                          .arg(trace.value().workflow().toHtmlEscaped())
                          .arg(trace.value().steps().size())
                          .arg(AgentTrace::stopName(trace.value().stop()));
            m_steps->setTrace(trace.value());
            m_strip->setTrace(trace.value());
            m_stepsView->setColumnHidden(AgentStepsModel::Depth, !ReaderRegistry::instance().tracesHaveDepth(trace.value().workflow()));
        }
    }
    m_header->setText(header);
    m_strip->setVisible(agentic);
    m_stepsView->setVisible(agentic);
    if (agentic && m_steps->rowCount() > 0) {
        m_stepsView->selectRow(0);
        describeStep(0);
    } else {
        m_steps->setTrace(AgentTrace());
        QString h = tr("<p><b>Retrieved</b> %1</p>").arg(it.retrievedIds.isEmpty() ? tr("nothing") : it.retrievedIds.toHtmlEscaped());
        h += QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(d.retrievedText.toHtmlEscaped());
        if (!d.trace.isEmpty())
            h += tr("<p><b>Trace</b></p><p style='white-space:pre-wrap'>%1</p>").arg(d.trace.toHtmlEscaped());
        m_text->setHtml(h);
    }
}

void ItemInspector::describeStep(int step)
{
    const auto &steps = m_steps->trace().steps();
    if (step < 0 || step >= steps.size())
        return;
    const AgentStep &s = steps[step];
    QString h = tr("<p><b>Step %1</b> · %2%3 · %4 + %5 tokens · %6 ms</p>")
                    .arg(step + 1)
                    .arg(s.action.isEmpty() ? tr("no valid action") : s.action.toHtmlEscaped())
                    .arg(ReaderRegistry::instance().tracesHaveDepth(m_steps->trace().workflow()) ? tr(" at depth %1").arg(s.depth) : QString())
                    .arg(s.promptTokens)
                    .arg(s.completionTokens)
                    .arg(s.latencyMs, 0, 'f', 1);
    if (!s.thought.isEmpty())
        h += tr("<p><b>Thought</b><br>%1</p>").arg(s.thought.toHtmlEscaped());
    const QString arguments = AgentStepsModel::argumentsText(s);
    if (!arguments.isEmpty())
        h += tr("<p><b>Arguments</b><br><code>%1</code></p>").arg(arguments.toHtmlEscaped());
    h += tr("<p><b>Observation</b>%1</p><pre style='white-space:pre-wrap'>%2</pre>")
             .arg(s.error ? tr(" <span style='color:%1'>(error)</span>").arg(MessageBar::colorName(MessageBar::Level::Error)) : QString(), s.observation.toHtmlEscaped());
    m_text->setHtml(h);
    m_text->moveCursor(QTextCursor::Start);
}

QString ItemInspector::text() const
{
    return QTextDocumentFragment::fromHtml(m_header->text()).toPlainText() + QLatin1Char('\n') + m_text->toPlainText();
}

} // namespace assay
