#include "examtabs/irtsummaryview.h"

#include <QLabel>
#include <QTextDocument>

namespace assay {

namespace {

QString text(const nlohmann::json &j, const char *key)
{
    return j.contains(key) && j[key].is_string() ? QString::fromStdString(j[key].get<std::string>()) : QString();
}

double number(const nlohmann::json &j, const char *key) { return j.contains(key) && j[key].is_number() ? j[key].get<double>() : 0.0; }

} // namespace

IrtSummaryView::IrtSummaryView(QWidget *parent) : QScrollArea(parent), m_text(new QLabel)
{
    setObjectName(QStringLiteral("irtComparisonPane"));
    m_text->setObjectName(QStringLiteral("irtComparison"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setWidget(m_text);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
}

void IrtSummaryView::showSummary(const nlohmann::json &summary, const QString &lead)
{
    // Numbers right-aligned with a gutter before each column, so that they never run together.
    const QString num = QStringLiteral("align='right' style='padding-left:16px'");
    QString table = QStringLiteral("<table cellspacing='0' cellpadding='2'><tr><th align='left'>%1</th><th %3>−log L marginal</th>"
                                   "<th %3>%2</th><th %3>AIC</th><th %3>BIC</th></tr>")
                        .arg(tr("model"), tr("parameters"), num);
    int rows = 0;
    if (summary.is_object() && summary.contains("models") && summary["models"].is_array())
        for (const auto &r : summary["models"]) {
            if (!r.is_object())
                continue;
            ++rows;
            table += QStringLiteral("<tr><td>%1%2</td><td %7>%3</td><td %7>%4</td><td %7>%5</td><td %7>%6</td></tr>")
                         .arg(text(r, "model").toHtmlEscaped(), r.value("fitted", false) ? tr(" (fitted)") : QString())
                         .arg(number(r, "nll"), 0, 'f', 1).arg(int(number(r, "parameters"))).arg(number(r, "aic"), 0, 'f', 1).arg(number(r, "bic"), 0, 'f', 1).arg(num);
        }
    table += QStringLiteral("</table>");
    QStringList escaped;
    if (!lead.isEmpty())
        escaped << QStringLiteral("<i>%1</i>").arg(lead.toHtmlEscaped());
    if (summary.is_object() && summary.contains("notes") && summary["notes"].is_array())
        for (const auto &n : summary["notes"])
            if (n.is_string())
                escaped << QString::fromStdString(n.get<std::string>()).toHtmlEscaped();
    // The table above the notes: side by side, the notes were a column of a few words in the
    // pane beside the Exams grid.
    m_text->setText(QStringLiteral("%1%2").arg(rows ? table + QStringLiteral("<br>") : QString(), escaped.join(QStringLiteral("<br>"))));
}

void IrtSummaryView::showWithout(const QString &lead)
{
    m_text->setText(QStringLiteral("%1<br><br>%2")
                        .arg(lead.toHtmlEscaped(),
                             tr("This fit was stored by an earlier version of Assay, which kept its parameters but not its summary. Fit IRT "
                                "again to see the models compared, the likelihood-ratio tests, the dimensionality check, the search's starts "
                                "and the item fit; from then on the summary is stored with the fit.")
                                 .toHtmlEscaped()));
}

void IrtSummaryView::clear() { m_text->clear(); }

QString IrtSummaryView::plainText() const
{
    QTextDocument document;
    document.setHtml(m_text->text());
    return document.toPlainText();
}

} // namespace assay
