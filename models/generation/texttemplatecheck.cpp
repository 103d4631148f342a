#include "generation/texttemplatecheck.h"

#include "generation/sqltemplate.h"

#include <QStringList>

namespace assay {

Status TextTemplateCheck::check(const QString &text, const SqlTemplate &sqlTemplate)
{
    if (text.trimmed().isEmpty())
        return Status::failure(QStringLiteral("empty text template"));
    const auto inText = SqlTemplate::placeholdersIn(text);
    QStringList lost, added;
    for (const Placeholder &p : sqlTemplate.placeholders())
        if (!inText.contains(p))
            lost << p.token();
    for (const Placeholder &p : inText)
        if (!sqlTemplate.placeholders().contains(p))
            added << p.token();
    if (!lost.isEmpty())
        return Status::failure(QStringLiteral("loses placeholder %1").arg(lost.join(QStringLiteral(", "))));
    if (!added.isEmpty())
        return Status::failure(QStringLiteral("adds placeholder %1 that the SQL does not have").arg(added.join(QStringLiteral(", "))));
    return {};
}

} // namespace assay
