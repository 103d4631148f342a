#include "analysistabs/claiminspector.h"

#include "claims/claimstore.h"
#include "project/project.h"
#include "runs/runcontexts.h"
#include "runs/runresultstore.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace assay {

namespace {

QColor colourOf(ClaimVerdict v)
{
    switch (v) {
    case ClaimVerdict::Entailment: return QColor(0xc8, 0xe6, 0xc9);
    case ClaimVerdict::Neutral: return QColor(0xee, 0xee, 0xee);
    case ClaimVerdict::Contradiction: return QColor(0xff, 0xcd, 0xd2);
    case ClaimVerdict::Unknown: break;
    }
    return QColor(0xff, 0xf3, 0xb0);
}

QString wordOf(ClaimVerdict v)
{
    switch (v) {
    case ClaimVerdict::Entailment: return QObject::tr("entailed");
    case ClaimVerdict::Neutral: return QObject::tr("neutral");
    case ClaimVerdict::Contradiction: return QObject::tr("contradicted");
    case ClaimVerdict::Unknown: break;
    }
    return QObject::tr("unknown");
}

} // namespace

ClaimInspector::ClaimInspector(Project *project, QWidget *parent)
    : QWidget(parent), m_project(project), m_title(new QLabel(this)), m_matrix(new QTableWidget(this))
{
    m_matrix->setObjectName(QStringLiteral("claimsMatrix"));
    m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrix->setWordWrap(true);
    m_title->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_matrix, 1);
    clear();
}

QString ClaimInspector::title() const { return m_title->text(); }

void ClaimInspector::clear()
{
    m_matrix->clear();
    m_matrix->setRowCount(0);
    m_matrix->setColumnCount(0);
    m_title->setText(tr("Select an item on the left to see its claims against the truth and each retrieved chunk."));
}

void ClaimInspector::show(qint64 itemId, const QString &itemKey, const QString &checker)
{
    auto set = m_project->service<ClaimStore>()->item(itemId, checker);
    if (!set || !set.value()) {
        m_title->setText(set ? tr("Item %1 has no claims of checker %2.").arg(itemKey, checker)
                                 : tr("The claims of item %1 could not be read: %2").arg(itemKey, set.error()));
        return;
    }
    const ClaimSet &s = *set.value();
    QStringList chunkIds = s.chunkIds, chunkTexts = s.chunkTexts;
    auto item = m_project->service<RunResultStore>()->item(itemId);
    if (!item) {
        m_title->setText(tr("Item %1 could not be read: %2").arg(itemKey, item.error()));
        return;
    }
    if (chunkTexts.isEmpty() && s.checks.chunks > 0) {
        chunkTexts = RunContexts::chunkTexts(item.value().retrievedIds, item.value().retrievedText, item.value().retrievedTexts);
        chunkIds = item.value().retrievedIds;
    }
    m_title->setText(tr("<b>%1</b>: %2<br>Truth: %3 · Response: %4")
                             .arg(itemKey.toHtmlEscaped(), item.value().query.toHtmlEscaped(), item.value().gold.toHtmlEscaped(),
                                  s.hasResponse ? item.value().answer.left(300).toHtmlEscaped() : tr("<i>none (retrieval only)</i>")));
    const int chunks = s.checks.chunks;
    m_matrix->clear();
    m_matrix->setColumnCount(2 + chunks);
    QStringList headers{tr("Claim"), tr("Other side")};
    for (int k = 0; k < chunks; ++k)
        headers << tr("Chunk %1").arg(k + 1);
    m_matrix->setHorizontalHeaderLabels(headers);
    m_matrix->horizontalHeaderItem(1)->setToolTip(tr("A truth claim against the response; a response claim against the truth"));
    for (int k = 0; k < chunks; ++k)
        m_matrix->horizontalHeaderItem(k + 2)->setToolTip(tr("%1\n\n%2").arg(chunkIds.value(k), chunkTexts.value(k).left(800)));
    m_matrix->setRowCount(int(s.answerClaims.size() + s.responseClaims.size()));
    const auto put = [&](int row, const QString &side, const QString &claim, ClaimVerdict other, const QVector<ClaimVerdict> &byChunk, int index) {
        auto *text = new QTableWidgetItem(QStringLiteral("%1: %2").arg(side, ClaimSet::display(claim)));
        text->setToolTip(ClaimSet::display(claim));
        m_matrix->setItem(row, 0, text);
        const auto verdictCell = [&](int column, ClaimVerdict v) {
            auto *cell = new QTableWidgetItem(wordOf(v));
            cell->setBackground(colourOf(v));
            cell->setForeground(Qt::black);
            m_matrix->setItem(row, column, cell);
        };
        if (s.hasResponse) {
            verdictCell(1, other);
        } else { // no response to check against: not a verdict
            auto *none = new QTableWidgetItem(tr("n/a"));
            none->setForeground(Qt::gray);
            none->setToolTip(tr("No response: a retrieval-only run"));
            m_matrix->setItem(row, 1, none);
        }
        for (int k = 0; k < chunks; ++k)
            verdictCell(k + 2, byChunk.value(index * chunks + k, ClaimVerdict::Unknown));
    };
    int row = 0;
    for (int g = 0; g < s.answerClaims.size(); ++g)
        put(row++, tr("Truth"), s.answerClaims[g], s.checks.answerByResponse.value(g, ClaimVerdict::Unknown), s.checks.answerByChunk, g);
    for (int r = 0; r < s.responseClaims.size(); ++r)
        put(row++, tr("Response"), s.responseClaims[r], s.checks.responseByAnswer.value(r, ClaimVerdict::Unknown), s.checks.responseByChunk, r);
    m_matrix->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < m_matrix->columnCount(); ++c)
        m_matrix->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_matrix->resizeRowsToContents();
}

} // namespace assay
