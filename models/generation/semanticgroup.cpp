#include "generation/semanticgroup.h"

#include "schema/knowledgevalue.h"

#include <nlohmann/json.hpp>

namespace assay {

QStringList SemanticGroup::valueTexts() const
{
    QStringList out;
    for (const QVariant &v : values)
        out << KnowledgeValue::displayText(v);
    return out;
}

QString SemanticGroup::valuesJson() const
{
    nlohmann::json j = nlohmann::json::array();
    for (const QVariant &v : values)
        j.push_back(KnowledgeValue::toJson(v));
    return QString::fromStdString(j.dump());
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
