#pragma once
#include "clicommand.h"
#include "core/result.h"
#include "schema/importedschema.h"
#include "schema/serverlocation.h"

namespace assay {

class Project;

// `assay-cli schema import FILE.assay (--sqlite DB [--link] | --csv DIR | --sql FILE.sql |
//  --postgres URI [--schema NAME] [--tables T1,T2] | --mysql URI [--tables T1,T2])`
class SchemaCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("schema"); }
    QString summary() const override { return QStringLiteral("Import a knowledge schema: schema import FILE --sqlite|--csv|--sql|--postgres|--mysql"); }
    int run(const QStringList &args, CliIo &io) override;

private:
    // project (when given): the structure is checked against it before the rows are read.
    // linkUri (when given): the structure only, and the URI to link (without the password).
    static Result<ImportedSchema> readServer(ServerLocation::Dialect dialect, const QString &uri, const QString &schema,
                                             const QString &tables, const Project *project, bool replace, CliIo &io, QString *linkUri);
};

} // namespace assay
