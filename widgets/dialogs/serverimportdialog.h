#pragma once
// File → Import Knowledge Schema → From PostgreSQL… / From MySQL/MariaDB…: where the server is
// (host or socket, port, database, schema, user), a password that stays in memory (typed, or
// from the OS keychain, or the environment), Connect, which lists the tables with their row
// counts off the GUI thread, and a table picker. The import itself runs in MainWindow's job
// (docs/user-guide.md, "Knowledge on a database server").
#include "schema/serverlocation.h"

#include <QDialog>

#include <memory>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace assay {

class Job;

class ServerImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ServerImportDialog(ServerLocation::Dialect dialect, QWidget *parent = nullptr);
    ~ServerImportDialog() override;

    // What the fields say, with the password used by the last successful Connect.
    ServerLocation location() const;
    QStringList pickedTables() const;
    // Link read-only instead of copying the rows (the rows stay on the server).
    bool linkRequested() const;
    QCheckBox *linkBox() const { return m_link; }
    QSpinBox *timeoutField() const { return m_timeout; }
    QString status() const;

    QLineEdit *hostField() const { return m_host; }
    QLineEdit *databaseField() const { return m_database; }
    QLineEdit *userField() const { return m_user; }
    QLineEdit *passwordField() const { return m_password; }
    QLineEdit *schemaField() const { return m_schema; }
    QSpinBox *portField() const { return m_port; }
    QTableWidget *tableList() const { return m_tables; }

public slots:
    void connectToServer();
    void accept() override;

signals:
    // Connect finished: the tables listed, or the failure shown.
    void connectFinished(bool ok);

private:
    void listTables(ServerLocation location);
    void fieldsEdited();
    void updateButtons();

    ServerLocation::Dialect m_dialect;
    QLineEdit *m_host, *m_database, *m_schema, *m_user, *m_password;
    QSpinBox *m_port;
    QCheckBox *m_remember;
    QCheckBox *m_link;
    QSpinBox *m_timeout; // a link's statement timeout, seconds
    QPushButton *m_connect;
    QLabel *m_status;
    QTableWidget *m_tables;
    QDialogButtonBox *m_buttons;
    std::unique_ptr<Job> m_job;
    QString m_usedPassword;
    bool m_connected = false;
};

} // namespace assay
