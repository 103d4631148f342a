#include "io/reportwriter.h"

#include "core/version.h"
#include "project/project.h"
#include "schema/knowledgebase.h"

#include <QDateTime>
#include <QFile>
#include <QSaveFile>

namespace assay {

namespace {
const char *styleSheet = R"css(
body { font-family: "DejaVu Sans", "Segoe UI", sans-serif; margin: 2em auto; max-width: 60em; color: #1d2330; }
h1 { font-weight: 600; border-bottom: 2px solid #2f6f9f; padding-bottom: .2em; }
h2 { font-weight: 600; margin-top: 1.6em; color: #2f4f6f; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { text-align: left; padding: .25em .9em; border-bottom: 1px solid #d8dde6; }
th { background: #eef2f7; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
p.note { color: #5b6575; font-size: 90%; }
footer { margin-top: 3em; color: #7a8494; font-size: 85%; }
)css";
}

ReportWriter::ReportWriter(const Project &project) : m_project(project) {}

QString ReportWriter::html() const
{
    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
    h += QStringLiteral("<title>Assay report — %1</title><style>%2</style></head><body>\n")
             .arg(m_project.name().toHtmlEscaped(), QString::fromLatin1(styleSheet));
    h += QStringLiteral("<h1>Assay report: %1</h1>\n").arg(m_project.name().toHtmlEscaped());
    const QString description = m_project.property(QStringLiteral("description"));
    if (!description.isEmpty())
        h += QStringLiteral("<p>%1</p>\n").arg(description.toHtmlEscaped());

    h += QStringLiteral("<h2>Project</h2>\n<table>\n");
    h += QStringLiteral("<tr><th>File</th><td>%1</td></tr>\n").arg(m_project.path().toHtmlEscaped());
    h += QStringLiteral("<tr><th>Schema version</th><td>%1</td></tr>\n").arg(m_project.schemaVersion());
    h += QStringLiteral("<tr><th>Created with</th><td>Assay %1</td></tr>\n")
             .arg(m_project.property(QStringLiteral("created_with")).toHtmlEscaped());
    h += QStringLiteral("</table>\n");

    h += QStringLiteral("<h2>Contents</h2>\n");
    const auto counts = m_project.counts();
    if (counts.isEmpty()) {
        h += QStringLiteral("<p class=\"note\">The project holds no schema, corpus, queries or runs yet.</p>\n");
    } else {
        h += QStringLiteral("<table><tr><th>What</th><th>Count</th></tr>\n");
        for (auto it = counts.begin(); it != counts.end(); ++it)
            h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td></tr>\n")
                     .arg(QString(it.key()).replace(QLatin1Char('_'), QLatin1Char(' ')).toHtmlEscaped())
                     .arg(it.value());
        h += QStringLiteral("</table>\n");
    }
    const KnowledgeBase *kb = m_project.knowledge();
    if (!kb->tables().isEmpty()) {
        h += QStringLiteral("<h2>Knowledge schema</h2>\n");
        if (kb->isLinked())
            h += QStringLiteral("<p class=\"note\">Linked read-only to %1.</p>\n").arg(kb->linkedPath().toHtmlEscaped());
        h += QStringLiteral("<table><tr><th>Table</th><th>Rows</th><th>Columns</th><th>References</th></tr>\n");
        for (const KnowledgeTable &t : kb->tables()) {
            QStringList columns, references;
            for (const KnowledgeColumn &c : t.columns) {
                QString label = c.name.toHtmlEscaped();
                if (c.primaryKey)
                    label = QStringLiteral("<b>%1</b>").arg(label);
                else if (!c.meaningful)
                    label = QStringLiteral("<i>%1</i>").arg(label);
                columns << label;
                if (c.foreignKey)
                    references << QStringLiteral("%1 → %2").arg(c.name, kb->qualifiedName(c.foreignKey)).toHtmlEscaped();
            }
            auto rows = kb->rowCount(t.id);
            h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td>%3</td><td>%4</td></tr>\n")
                     .arg(t.name.toHtmlEscaped(), rows ? QString::number(rows.value()) : rows.error().toHtmlEscaped(),
                          columns.join(QStringLiteral(", ")), references.join(QStringLiteral("<br>")));
        }
        h += QStringLiteral("</table>\n<p class=\"note\">Bold: primary key. Italic: surrogate ids not used in "
                            "questions.</p>\n");
    }
    h += QStringLiteral("<footer>Written by Assay %1 on %2.</footer>\n</body></html>\n")
             .arg(QStringLiteral(ASSAY_VERSION), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    return h;
}

Status ReportWriter::writeHtml(const QString &path) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    file.write(html().toUtf8());
    if (!file.commit())
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    return {};
}

} // namespace assay
