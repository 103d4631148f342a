#include "analysistabs/labelcard.h"

#include <QObject>

#include <algorithm>
#include <numeric>

namespace assay {

// `text` as HTML with every occurrence of `gold` (green) and `answer` (yellow) marked.
QString LabelCard::highlighted(const QString &text, const QString &gold, const QString &answer)
{
    QVector<std::pair<qsizetype, qsizetype>> spans; // start, length; gold first
    QVector<QString> colours;
    for (const auto &[needle, colour] : {std::pair{gold.trimmed(), QStringLiteral("#bfe8c4")}, std::pair{answer.trimmed(), QStringLiteral("#fbe7a1")}}) {
        if (needle.size() < 2)
            continue;
        for (qsizetype at = text.indexOf(needle, 0, Qt::CaseInsensitive); at >= 0; at = text.indexOf(needle, at + needle.size(), Qt::CaseInsensitive)) {
            bool overlaps = false;
            for (const auto &[s, l] : spans)
                overlaps = overlaps || (at < s + l && s < at + needle.size());
            if (!overlaps) {
                spans.append({at, needle.size()});
                colours << colour;
            }
        }
    }
    QVector<int> byStart(spans.size());
    std::iota(byStart.begin(), byStart.end(), 0);
    std::sort(byStart.begin(), byStart.end(), [&](int a, int b) { return spans[a].first < spans[b].first; });
    QString html;
    qsizetype at = 0;
    for (int i : byStart) {
        html += text.mid(at, spans[i].first - at).toHtmlEscaped();
        html += QStringLiteral("<span style='background:%1'>%2</span>").arg(colours[i], text.mid(spans[i].first, spans[i].second).toHtmlEscaped());
        at = spans[i].first + spans[i].second;
    }
    html += text.mid(at).toHtmlEscaped();
    return html.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
}


QString LabelCard::html(const StoredRunItem &it, const QString &judge, bool labelledAlready)
{
    QString html = QObject::tr("<p><b>Query</b> <span style='color:gray'>(%1)</span><br>%2</p><p><b>Gold answer</b><br><span style='background:#bfe8c4'>%3</span></p>")
                       .arg(it.key.toHtmlEscaped(), it.query.toHtmlEscaped(), it.gold.toHtmlEscaped());
    html += it.answer.isEmpty() ? QObject::tr("<p><b>Answer</b><br><i>none: a retrieval-only run; the retrieved context below is its response</i></p>")
                                : QObject::tr("<p><b>Answer</b><br><span style='background:#fbe7a1'>%1</span></p>").arg(it.answer.toHtmlEscaped());
    if (!judge.isEmpty())
        html += QObject::tr("<p><b>Judge %1</b>: %2</p>").arg(judge.toHtmlEscaped(), !it.verdict ? QObject::tr("no verdict") : *it.verdict == 1 ? QObject::tr("Correct") : QObject::tr("Incorrect"));
    if (labelledAlready)
        html += QObject::tr("<p style='color:#2f6f9f'>You labelled this item already; a new verdict replaces yours.</p>");
    html += QObject::tr("<p><b>Retrieved context</b>%1</p><p>%2</p>")
                .arg(it.retrievedIds.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(it.retrievedIds.join(QStringLiteral(", ")).toHtmlEscaped()),
                     it.retrievedText.isEmpty() ? QObject::tr("<i>nothing was retrieved</i>") : highlighted(it.retrievedText, it.gold, it.answer));
    return html;
}

} // namespace assay
