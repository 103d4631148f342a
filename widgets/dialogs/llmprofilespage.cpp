#include "dialogs/llmprofilespage.h"

#include "llm/llmclient.h"
#include "llm/llmkeychain.h"
#include "llm/llmprofilestore.h"
#include "messagebar.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace assay {

LlmProfilesPage::LlmProfilesPage(QWidget *parent)
    : QWidget(parent), m_list(new QListWidget(this)), m_name(new QLineEdit(this)), m_baseUrl(new QLineEdit(this)),
      m_model(new QLineEdit(this)), m_keyEnv(new QLineEdit(this)), m_key(new QLabel(this)),
      m_inKeychain(new QCheckBox(tr("Keep the key in the OS keychain"), this)), m_newKey(new QLineEdit(this)), m_concurrency(new QSpinBox(this)),
      m_rpm(new QSpinBox(this)), m_tpm(new QSpinBox(this)), m_timeout(new QSpinBox(this)), m_connectTimeout(new QSpinBox(this)),
      m_firstByteTimeout(new QSpinBox(this)), m_breaker(new QSpinBox(this)), m_breakerWindow(new QSpinBox(this)),
      m_rateLimitStop(new QSpinBox(this)), m_maxReplyKb(new QSpinBox(this)), m_retries(new QSpinBox(this)),
      m_priceIn(new QDoubleSpinBox(this)), m_priceOut(new QDoubleSpinBox(this)), m_judgeTemperature(new QDoubleSpinBox(this)), m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("llmProfilesPage"));
    m_baseUrl->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000/v1"));
    m_concurrency->setRange(1, 512);
    m_rpm->setRange(0, 1000000);
    m_tpm->setRange(0, 100000000);
    m_rpm->setSpecialValueText(tr("no limit"));
    m_tpm->setSpecialValueText(tr("no limit"));
    m_timeout->setRange(1, 3600);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setToolTip(tr("The whole exchange; long generations need a generous value."));
    m_connectTimeout->setRange(1, 600);
    m_connectTimeout->setSuffix(tr(" s"));
    m_firstByteTimeout->setRange(1, 3600);
    m_firstByteTimeout->setSuffix(tr(" s"));
    m_firstByteTimeout->setToolTip(tr("From the request sent to the first byte of the answer: how long a silent endpoint may keep a request."));
    m_connectTimeout->setObjectName(QStringLiteral("llmConnectTimeout"));
    m_firstByteTimeout->setObjectName(QStringLiteral("llmFirstByteTimeout"));
    m_breaker->setObjectName(QStringLiteral("llmBreaker"));
    m_breaker->setRange(1, 100);
    m_breaker->setPrefix(tr("at least "));
    m_breaker->setSuffix(tr(" failures"));
    m_breaker->setToolTip(tr("The breaker also needs at least this many failed attempts (two for an endpoint that never answered) before it opens."));
    m_breakerWindow->setObjectName(QStringLiteral("llmBreakerWindow"));
    m_breakerWindow->setRange(1, 3600);
    m_breakerWindow->setPrefix(tr("after "));
    m_breakerWindow->setSuffix(tr(" s of failures"));
    m_breakerWindow->setToolTip(tr("When every request has failed (timeouts, refused connections, HTTP 5xx) for this long, the profile's queued requests fail "
                                   "at once; afterwards one request at a time tests whether the endpoint is back. A short burst of errors never stops "
                                   "anything: each request is retried first."));
    m_rateLimitStop->setObjectName(QStringLiteral("llmRateLimitStop"));
    m_rateLimitStop->setRange(1, 3600);
    m_rateLimitStop->setPrefix(tr("after "));
    m_rateLimitStop->setSuffix(tr(" s of HTTP 429"));
    m_rateLimitStop->setToolTip(tr("When the endpoint answers nothing but HTTP 429 (rate limited) without Retry-After for this long, the work stops and "
                                   "asks you to lower the requests per minute or the concurrency."));
    m_maxReplyKb->setObjectName(QStringLiteral("llmMaxReply"));
    m_maxReplyKb->setRange(1, 1024 * 1024);
    m_maxReplyKb->setSuffix(tr(" kB"));
    m_maxReplyKb->setToolTip(tr("A larger reply is an error of its own (too_large) and is never stored in the project."));
    m_retries->setRange(0, 20);
    for (QDoubleSpinBox *p : {m_priceIn, m_priceOut}) {
        p->setRange(0, 10000);
        p->setDecimals(3);
        p->setPrefix(QStringLiteral("$"));
    }
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("llmTestResult"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Base URL:"), m_baseUrl);
    form->addRow(tr("Model:"), m_model);
    form->addRow(tr("API key variable:"), m_keyEnv);
    form->addRow(tr("API key:"), m_key);
    form->addRow(QString(), m_inKeychain);
    m_newKey->setEchoMode(QLineEdit::Password);
    m_newKey->setPlaceholderText(tr("new key, stored in the keychain on Save"));
    m_newKey->setEnabled(false);
    form->addRow(tr("Keychain key:"), m_newKey);
    connect(m_inKeychain, &QCheckBox::toggled, m_newKey, &QWidget::setEnabled);
    connect(m_inKeychain, &QCheckBox::toggled, m_keyEnv, &QWidget::setDisabled);
    form->addRow(tr("Concurrency:"), m_concurrency);
    form->addRow(tr("Requests / min:"), m_rpm);
    form->addRow(tr("Tokens / min:"), m_tpm);
    form->addRow(tr("Connect timeout:"), m_connectTimeout);
    form->addRow(tr("First-byte timeout:"), m_firstByteTimeout);
    form->addRow(tr("Total timeout:"), m_timeout);
    auto *breakerRow = new QHBoxLayout;
    breakerRow->addWidget(m_breakerWindow);
    breakerRow->addWidget(m_breaker);
    form->addRow(tr("Stop an outage:"), breakerRow);
    auto *limitsRow = new QHBoxLayout;
    limitsRow->addWidget(m_rateLimitStop);
    limitsRow->addWidget(new QLabel(tr("Largest reply:"), this));
    limitsRow->addWidget(m_maxReplyKb);
    form->addRow(tr("Stop a rate limit:"), limitsRow);
    form->addRow(tr("Retries:"), m_retries);
    form->addRow(tr("Price / M input tokens:"), m_priceIn);
    form->addRow(tr("Price / M output tokens:"), m_priceOut);
    m_judgeTemperature->setRange(0, 2);
    m_judgeTemperature->setSingleStep(0.1);
    m_judgeTemperature->setDecimals(2);
    m_judgeTemperature->setToolTip(tr("The temperature of this profile's repeated judge verdicts (Score… with Repeat above 1): 0 asks for the same verdict "
                                      "each time; higher shows how much the verdicts vary."));
    form->addRow(tr("Judge temperature:"), m_judgeTemperature);
    auto *save = new QPushButton(tr("Save"), this);
    auto *remove = new QPushButton(tr("Delete"), this);
    auto *test = new QPushButton(tr("Test connection"), this);
    test->setObjectName(QStringLiteral("llmTestConnection"));
    connect(save, &QPushButton::clicked, this, &LlmProfilesPage::save);
    connect(remove, &QPushButton::clicked, this, &LlmProfilesPage::remove);
    connect(test, &QPushButton::clicked, this, &LlmProfilesPage::testConnection);
    connect(m_keyEnv, &QLineEdit::textChanged, this, [this](const QString &var) {
        m_key->setText(LlmProfile::maskedKey(var.isEmpty() ? QString() : qEnvironmentVariable(var.toUtf8().constData())));
    });
    connect(m_list, &QListWidget::currentTextChanged, this, &LlmProfilesPage::showProfile);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(save);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    buttons->addWidget(test);
    auto *right = new QVBoxLayout;
    right->addLayout(form);
    right->addLayout(buttons);
    right->addWidget(m_status);
    right->addStretch(1);
    auto *layout = new QHBoxLayout(this);
    m_list->setMaximumWidth(170);
    layout->addWidget(m_list);
    layout->addLayout(right, 1);
    showProfile({});
    reloadList();
}

LlmProfilesPage::~LlmProfilesPage() = default;

void LlmProfilesPage::reloadList(const QString &select)
{
    m_list->clear();
    for (const LlmProfile &p : LlmProfileStore::all())
        m_list->addItem(p.name);
    const auto found = m_list->findItems(select, Qt::MatchExactly);
    if (!found.isEmpty())
        m_list->setCurrentItem(found.constFirst());
}

void LlmProfilesPage::showProfile(const QString &name)
{
    LlmProfile p;
    if (auto found = LlmProfileStore::find(name))
        p = found.value();
    m_name->setText(p.name);
    m_baseUrl->setText(p.baseUrl);
    m_model->setText(p.model);
    m_keyEnv->setText(p.keyEnv);
    m_inKeychain->setChecked(p.keyInKeychain);
    m_newKey->clear();
    m_key->setText(p.keyInKeychain ? tr("in the OS keychain") : LlmProfile::maskedKey(p.apiKey()));
    m_concurrency->setValue(p.concurrency);
    m_rpm->setValue(p.requestsPerMinute);
    m_tpm->setValue(p.tokensPerMinute);
    m_timeout->setValue(p.timeoutMs / 1000);
    m_connectTimeout->setValue(p.connectTimeoutMs / 1000);
    m_firstByteTimeout->setValue(p.firstByteTimeoutMs / 1000);
    m_breaker->setValue(p.breakerThreshold);
    m_breakerWindow->setValue(p.breakerWindowMs / 1000);
    m_rateLimitStop->setValue(p.rateLimitStopMs / 1000);
    m_maxReplyKb->setValue(p.maxReplyBytes / 1024);
    m_retries->setValue(p.maxRetries);
    m_priceIn->setValue(p.pricePerMillionInput);
    m_priceOut->setValue(p.pricePerMillionOutput);
    m_judgeTemperature->setValue(p.judgeTemperature);
}

LlmProfile LlmProfilesPage::edited() const
{
    LlmProfile p;
    p.name = m_name->text().trimmed();
    p.baseUrl = m_baseUrl->text().trimmed();
    p.model = m_model->text().trimmed();
    p.keyEnv = m_keyEnv->text().trimmed();
    p.keyInKeychain = m_inKeychain->isChecked();
    p.concurrency = m_concurrency->value();
    p.requestsPerMinute = m_rpm->value();
    p.tokensPerMinute = m_tpm->value();
    p.timeoutMs = m_timeout->value() * 1000;
    p.connectTimeoutMs = m_connectTimeout->value() * 1000;
    p.firstByteTimeoutMs = m_firstByteTimeout->value() * 1000;
    p.breakerThreshold = m_breaker->value();
    p.breakerWindowMs = m_breakerWindow->value() * 1000;
    p.rateLimitStopMs = m_rateLimitStop->value() * 1000;
    p.maxReplyBytes = m_maxReplyKb->value() * 1024;
    p.maxRetries = m_retries->value();
    p.pricePerMillionInput = m_priceIn->value();
    p.pricePerMillionOutput = m_priceOut->value();
    p.judgeTemperature = m_judgeTemperature->value();
    return p;
}

void LlmProfilesPage::save()
{
    const LlmProfile p = edited();
    if (auto s = LlmProfileStore::save(p); !s)
        return m_status->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(MessageBar::colorName(MessageBar::Level::Error), s.error().toHtmlEscaped()));
    m_status->setText(tr("Saved."));
    reloadList(p.name);
    if (p.keyInKeychain && !m_newKey->text().isEmpty()) {
        const QString key = m_newKey->text();
        m_newKey->clear(); // the key lives in the keychain only
        LlmKeychain::write(p.name, key, [this](Status s) {
            m_status->setText(s ? tr("Saved; the key is in the OS keychain.")
                                : QStringLiteral("<span style='color:%1'>%2</span>").arg(MessageBar::colorName(MessageBar::Level::Error), s.error().toHtmlEscaped()));
        });
    }
}

void LlmProfilesPage::remove()
{
    if (auto s = LlmProfileStore::remove(m_name->text().trimmed()); !s)
        return m_status->setText(s.error());
    reloadList();
    showProfile({});
}

void LlmProfilesPage::testConnection()
{
    LlmProfile p = edited();
    if (p.name.isEmpty())
        p.name = QStringLiteral("test");
    if (auto s = p.validate(); !s)
        return m_status->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(MessageBar::colorName(MessageBar::Level::Error), s.error().toHtmlEscaped()));
    p.maxRetries = 0;
    m_status->setText(tr("Sending one request…"));
    m_testClient = std::make_unique<LlmClient>(p);
    m_testClient->send(LlmClient::chat({}, QStringLiteral("Reply with the word pong."), 0, 5), [this](const LlmResult &r) {
        m_status->setText(r.ok ? tr("<span style='color:%1'>Answered in %2 ms:</span> %3").arg(MessageBar::colorName(MessageBar::Level::Success)).arg(r.latencyMs).arg(r.content().toHtmlEscaped())
                               : tr("<span style='color:%1'>%2 (%3) after %4 ms</span>").arg(MessageBar::colorName(MessageBar::Level::Error), r.error.toHtmlEscaped(), r.errorClass).arg(r.latencyMs));
    });
}

QString LlmProfilesPage::testResult() const { return m_status->text(); }

} // namespace assay
