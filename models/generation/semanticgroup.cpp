#include "generation/semanticgroup.h"

#include <QRegularExpression>

#include "generation/jsonbytes.h"
#include "schema/knowledgevalue.h"

#include <nlohmann/json.hpp>

namespace assay {

void SemanticGroup::addDocumentIds(const QString &value, bool list)
{
    static const QRegularExpression separators(QStringLiteral("[,;]"));
    const QStringList ids = list ? value.split(separators, Qt::SkipEmptyParts) : QStringList{value};
    for (const QString &raw : ids) {
        const QString id = raw.trimmed();
        if (!id.isEmpty() && !documentIds.contains(id))
            documentIds << id;
    }
}

QStringList SemanticGroup::valueTexts() const
{
    QStringList out;
    for (const QVariant &v : values)
        out << KnowledgeValue::displayText(v);
    return out;
}

QString SemanticGroup::valuesJson() const { return QString::fromUtf8(valuesJsonUtf8()); }

QByteArray SemanticGroup::valuesJsonUtf8() const
{
    // Written directly (a million groups per template), as nlohmann's dump() writes them.
    QByteArray out;
    out.reserve(16 * values.size() + 2);
    out += '[';
    for (int i = 0; i < values.size(); ++i) {
        if (i > 0)
            out += ',';
        JsonBytes::appendValue(out, values[i]);
    }
    out += ']';
    return out;
}

QVariantList SemanticGroup::valuesFromJson(const QString &json)
{
    QVariantList out;
    const auto j = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (j.is_array())
        for (const auto &v : j)
            out << KnowledgeValue::fromJson(v);
    return out;
}

} // namespace assay
