#include "demo/demoworld.h"

#include "schema/sqlscriptreader.h"

#include <QFile>

#include <nlohmann/json.hpp>

namespace assay {

Result<ImportedSchema> DemoWorld::load()
{
    using R = Result<ImportedSchema>;
    auto world = SqlScriptReader::readFile(QStringLiteral(":/demo/world.sql"));
    if (!world)
        return world;
    QFile f(QStringLiteral(":/demo/descriptions.json"));
    if (!f.open(QIODevice::ReadOnly))
        return R::failure(QStringLiteral(":/demo/descriptions.json: missing from the build"));
    const auto j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    if (!j.is_object())
        return R::failure(QStringLiteral(":/demo/descriptions.json: not valid JSON"));
    ImportedSchema schema = world.take();
    schema.origin = QStringLiteral("demo world");
    for (ImportedTable &t : schema.tables) {
        const auto spec = j["tables"].value(t.name.toStdString(), nlohmann::json::object());
        t.description = QString::fromStdString(spec.value("description", std::string()));
        const auto columns = spec.value("columns", nlohmann::json::object());
        for (ImportedColumn &c : t.columns)
            c.description = QString::fromStdString(columns.value(c.name.toStdString(), std::string()));
    }
    return schema;
}

} // namespace assay
