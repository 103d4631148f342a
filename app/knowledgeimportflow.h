#pragma once
// File → Import Knowledge Schema: asks for the source (a file, a folder, or a server through
// ServerImportDialog), asks whether to replace or add beside the project's tables, reads the
// source in a job with progress and cancel, then imports it as one undoable edit and shows
// the import's notes on the Schema page. A cancel or a failure leaves the project unchanged.
#include "core/result.h"
#include "schema/importedschema.h"
#include "schema/serverlocation.h"

#include <QObject>

#include <functional>
#include <memory>

class QWidget;

namespace assay {

class Job;
class Project;
class ProgressArea;
class ProjectNavigator;
class SchemaEditor;

class KnowledgeImportFlow : public QObject {
    Q_OBJECT
public:
    struct Context {
        QWidget *window = nullptr;
        std::function<Project *()> project;
        ProgressArea *progress = nullptr;
        ProjectNavigator *navigator = nullptr;
        std::function<SchemaEditor *()> schemaEditor;
    };
    explicit KnowledgeImportFlow(Context context, QObject *parent = nullptr);
    ~KnowledgeImportFlow() override;

    // importer: a SchemaImporters id; link: read-only, the rows staying in the file.
    void choose(const QString &importer, bool link = false);
    void chooseServer(ServerLocation::Dialect dialect);
    void importFile(const QString &importer, const QString &path, bool replace, bool link = false);
    // link: the structure only, the rows staying on the server (KnowledgeBase::isServerLinked).
    void importServer(const ServerLocation &location, const QStringList &tables, bool replace, bool link = false);
    Job *job() const { return m_job.get(); }

signals:
    void imported();
    void failed(const QString &message);

private:
    // Replace or add beside the project's tables; false when the user cancels.
    bool askReplace(bool *replace) const;
    void run(const QString &title, const QString &sourceName, std::function<Result<ImportedSchema>(Job &)> read, bool replace,
             const QString &linkPath);

    Context m_context;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
