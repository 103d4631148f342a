#include "dialogs/serverimportdialog.h"

#include "core/job.h"
#include "core/secretkeychain.h"
#include "schema/serverschemareader.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace assay {

namespace {
QString settingsKey(ServerLocation::Dialect dialect, const char *field)
{
    return QStringLiteral("serverImport/%1/%2").arg(dialect == ServerLocation::Dialect::Postgres ? QStringLiteral("postgres") : QStringLiteral("mysql"),
                                                     QLatin1String(field));
}
} // namespace

ServerImportDialog::ServerImportDialog(ServerLocation::Dialect dialect, QWidget *parent)
    : QDialog(parent), m_dialect(dialect), m_host(new QLineEdit(this)), m_database(new QLineEdit(this)), m_schema(new QLineEdit(this)),
      m_user(new QLineEdit(this)), m_password(new QLineEdit(this)), m_port(new QSpinBox(this)),
      m_remember(new QCheckBox(tr("Keep the password in the OS keychain"), this)),
      m_link(new QCheckBox(tr("&Link read-only instead of copying (the rows stay on the server)"), this)), m_connect(new QPushButton(tr("&Connect"), this)),
      m_status(new QLabel(this)), m_tables(new QTableWidget(0, 3, this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    const bool postgres = dialect == ServerLocation::Dialect::Postgres;
    setWindowTitle(postgres ? tr("Import from PostgreSQL") : tr("Import from MySQL/MariaDB"));
    m_host->setPlaceholderText(postgres ? tr("localhost, a host name, or the socket's folder") : tr("localhost, a host name, or the socket file"));
    m_host->setToolTip(tr("A path starting with / is the server's Unix socket (%1).").arg(postgres ? tr("its folder, e.g. /var/run/postgresql")
                                                                                                  : tr("the file, e.g. /run/mysqld/mysqld.sock")));
    m_port->setRange(1, 65535);
    m_port->setToolTip(postgres ? tr("With a socket folder as the host, the port names the socket file in it (.s.PGSQL.5432 for 5432).")
                                : tr("Not used with a socket file as the host."));
    m_schema->setPlaceholderText(QStringLiteral("public"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("empty: the keychain's, else the environment's"));
    m_password->setToolTip(postgres ? tr("Used for this connection only, never written to the project. Left empty: the password kept in the OS keychain "
                                         "for this server, else ASSAY_DB_PASSWORD or PGPASSWORD.")
                                    : tr("Used for this connection only, never written to the project. Left empty: the password kept in the OS keychain "
                                         "for this server, else ASSAY_DB_PASSWORD or MYSQL_PWD."));
    QSettings settings;
    m_host->setText(settings.value(settingsKey(dialect, "host"), QStringLiteral("localhost")).toString());
    m_port->setValue(settings.value(settingsKey(dialect, "port"), ServerLocation::defaultPort(dialect)).toInt());
    m_database->setText(settings.value(settingsKey(dialect, "database")).toString());
    m_schema->setText(settings.value(settingsKey(dialect, "schema")).toString());
    m_user->setText(settings.value(settingsKey(dialect, "user")).toString());

    auto *form = new QFormLayout;
    form->addRow(tr("&Host:"), m_host);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("&Database:"), m_database);
    if (postgres)
        form->addRow(tr("&Schema:"), m_schema);
    else
        m_schema->hide();
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("Pass&word:"), m_password);
    form->addRow(QString(), m_remember);

    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setText(tr("Fill in where the server is, then click Connect to list its tables."));
    m_tables->setHorizontalHeaderLabels({tr("Table"), tr("Rows"), tr("Description")});
    m_tables->verticalHeader()->hide();
    m_tables->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tables->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tables->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tables->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tables->horizontalHeader()->setStretchLastSection(true);
    m_tables->setMinimumHeight(160);
    m_link->setToolTip(tr("The project keeps the tables, columns and keys, and where the server is (never the password). Generation reads the rows "
                          "on the server in a read-only transaction, under a statement timeout of %1 s. A linked project replaces the project's "
                          "knowledge tables.").arg(ServerLocation::defaultTimeoutSeconds));
    connect(m_link, &QCheckBox::toggled, this, &ServerImportDialog::updateButtons);
    m_timeout = new QSpinBox(this);
    m_timeout->setRange(1, 24 * 3600);
    m_timeout->setValue(ServerLocation::defaultTimeoutSeconds);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setEnabled(false);
    m_timeout->setToolTip(tr("A linked server stops any statement of Assay's that runs longer; the template it belonged to is rejected with that reason."));
    connect(m_link, &QCheckBox::toggled, m_timeout, &QWidget::setEnabled);

    auto *connectRow = new QHBoxLayout;
    connectRow->addWidget(m_connect);
    connectRow->addWidget(m_status, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(connectRow);
    layout->addWidget(new QLabel(tr("Tables to import:"), this));
    layout->addWidget(m_tables, 1);
    auto *linkRow = new QHBoxLayout;
    linkRow->addWidget(m_link);
    linkRow->addStretch(1);
    linkRow->addWidget(new QLabel(tr("Statement &timeout:"), this));
    linkRow->addWidget(m_timeout);
    static_cast<QLabel *>(linkRow->itemAt(2)->widget())->setBuddy(m_timeout);
    layout->addLayout(linkRow);
    layout->addWidget(m_buttons);
    resize(620, 560);

    connect(m_connect, &QPushButton::clicked, this, &ServerImportDialog::connectToServer);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ServerImportDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_tables, &QTableWidget::itemChanged, this, &ServerImportDialog::updateButtons);
    for (QLineEdit *field : {m_host, m_database, m_schema, m_user, m_password})
        connect(field, &QLineEdit::textEdited, this, &ServerImportDialog::fieldsEdited);
    connect(m_port, &QSpinBox::valueChanged, this, &ServerImportDialog::fieldsEdited);
    updateButtons();
}

ServerImportDialog::~ServerImportDialog()
{
    // A connection still being made (up to its 10 s timeout) finishes on its own: the dialog
    // closes at once.
    Job::abandon(std::move(m_job), this);
}

ServerLocation ServerImportDialog::location() const
{
    ServerLocation l;
    l.dialect = m_dialect;
    const QString host = m_host->text().trimmed();
    if (host.startsWith(QLatin1Char('/')))
        l.socket = host;
    else if (!host.isEmpty())
        l.host = host;
    l.port = m_port->value();
    l.timeoutSeconds = m_timeout->value() == ServerLocation::defaultTimeoutSeconds ? 0 : m_timeout->value();
    l.database = m_database->text().trimmed();
    l.schema = m_dialect == ServerLocation::Dialect::Postgres ? m_schema->text().trimmed() : QString();
    l.user = m_user->text().trimmed();
    l.password = m_password->text().isEmpty() ? m_usedPassword : m_password->text();
    return l;
}

QStringList ServerImportDialog::pickedTables() const
{
    QStringList picked;
    for (int row = 0; row < m_tables->rowCount(); ++row)
        if (m_tables->item(row, 0)->checkState() == Qt::Checked)
            picked << m_tables->item(row, 0)->text();
    return picked;
}

bool ServerImportDialog::linkRequested() const { return m_link->isChecked(); }

QString ServerImportDialog::status() const
{
    return m_status->text();
}

void ServerImportDialog::fieldsEdited()
{
    // Tables listed for another server would be imported from this one: list them again.
    if (m_connected) {
        m_connected = false;
        m_usedPassword.clear();
        m_tables->setRowCount(0);
        m_status->setText(tr("Changed: click Connect to list the tables again."));
    }
    updateButtons();
}

void ServerImportDialog::updateButtons()
{
    const bool busy = m_job && m_job->isRunning();
    m_connect->setEnabled(!busy && !m_database->text().trimmed().isEmpty() && !m_user->text().trimmed().isEmpty());
    m_connect->setToolTip(m_connect->isEnabled() ? tr("Lists the tables with their row counts") : tr("Fill in the database and the user first"));
    QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setEnabled(!busy && m_connected && !pickedTables().isEmpty());
    ok->setText(m_link->isChecked() ? tr("&Link") : tr("&Import"));
    ok->setToolTip(m_link->isChecked() ? tr("Links the ticked tables read-only: their structure comes into the project, their rows stay on the server "
                                            "(Edit → Undo takes it back).")
                                       : tr("Copies the ticked tables, their keys and rows into the project (Edit → Undo takes it back)."));
}

void ServerImportDialog::connectToServer()
{
    if (m_job && m_job->isRunning())
        return;
    ServerLocation l = location();
    if (!m_password->text().isEmpty()) {
        l.password = m_password->text();
        listTables(l);
        return;
    }
    // No password typed: the keychain's for this server, else the environment's.
    m_status->setText(tr("Reading the keychain…"));
    m_connect->setEnabled(false);
    QPointer<ServerImportDialog> self(this);
    SecretKeychain::read(l.account(), tr("the password of %1").arg(l.describe()), [self, l](Result<QString> secret) mutable {
        if (!self)
            return;
        if (secret)
            l.password = secret.value();
        else
            l.takePasswordFromEnvironment();
        self->listTables(l);
    });
}

void ServerImportDialog::listTables(ServerLocation l)
{
    QSettings settings;
    settings.setValue(settingsKey(m_dialect, "host"), m_host->text().trimmed());
    settings.setValue(settingsKey(m_dialect, "port"), m_port->value());
    settings.setValue(settingsKey(m_dialect, "database"), l.database);
    settings.setValue(settingsKey(m_dialect, "schema"), m_schema->text().trimmed());
    settings.setValue(settingsKey(m_dialect, "user"), l.user);
    auto tables = std::make_shared<QVector<ServerTable>>();
    m_job = std::make_unique<Job>(tr("Connecting to %1").arg(l.describe()), [l, tables](Job &) {
        auto listed = ServerSchemaReader::listTables(l);
        if (!listed)
            return Status::failure(listed.error());
        *tables = listed.take();
        return Status();
    });
    m_status->setText(tr("Connecting to %1…").arg(l.describe().toHtmlEscaped()));
    m_tables->setRowCount(0);
    m_connected = false;
    connect(m_job.get(), &Job::finished, this, [this, l, tables](bool ok, const QString &message) {
        m_connected = ok;
        if (!ok) {
            m_status->setText((message.contains(QLatin1String("check the user and password"))
                                   ? message + tr(": type it here, or tick the keychain box once to keep it there")
                                   : message)
                                  .toHtmlEscaped());
            updateButtons();
            emit connectFinished(false);
            return;
        }
        m_usedPassword = l.password;
        if (m_remember->isChecked() && !m_password->text().isEmpty()) {
            QPointer<QLabel> status(m_status);
            SecretKeychain::write(l.account(), tr("the password of %1").arg(l.describe()), m_password->text(), [status](Status s) {
                if (status && !s)
                    status->setText(status->text() + QLatin1Char(' ') + s.error().toHtmlEscaped());
            });
        }
        const QSignalBlocker blocker(m_tables);
        m_tables->setRowCount(int(tables->size()));
        qint64 rows = 0;
        for (int i = 0; i < tables->size(); ++i) {
            const ServerTable &t = tables->at(i);
            auto *name = new QTableWidgetItem(t.name);
            name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            name->setCheckState(Qt::Checked);
            auto *count = new QTableWidgetItem(QLocale().toString(t.rows));
            count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            auto *description = new QTableWidgetItem(t.description);
            description->setToolTip(t.description);
            m_tables->setItem(i, 0, name);
            m_tables->setItem(i, 1, count);
            m_tables->setItem(i, 2, description);
            rows += t.rows;
        }
        m_status->setText(tables->isEmpty() ? tr("Connected, but %1 has no tables: check the database and schema.").arg(l.describe().toHtmlEscaped())
                                            : tr("Connected: %1 with %2 rows. Untick the tables to leave out.")
                                                  .arg(tables->size() == 1 ? tr("1 table") : tr("%1 tables").arg(tables->size()), QLocale().toString(rows)));
        updateButtons();
        emit connectFinished(true);
    });
    m_job->start();
    updateButtons();
}

void ServerImportDialog::accept()
{
    if (!m_connected || pickedTables().isEmpty())
        return;
    QDialog::accept();
}

} // namespace assay
