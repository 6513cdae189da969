# The clock sweep's mark on a table it could not play (issue 19, item 5)

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0003_security'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='sweep_error',
            field=models.CharField(blank=True, max_length=300),
        ),
        migrations.AddField(
            model_name='table',
            name='sweep_failed_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
